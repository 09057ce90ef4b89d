// The README's example config (examples/mcp.json) works from any directory (§2, issue 32.1): run from another
// project, its filesystem server still reaches the repository it was configured with, next to that project.
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { ROOT, sandbox } from "../helpers/env.js";

describe("examples/mcp.json", () => {
  it("gives the filesystem server the configured directory from another project", async () => {
    const sb = sandbox();
    const example = join(ROOT, "examples", "mcp.json");
    const list = await runCli(sb, ["mcp", "list", "--strict-mcp-config", "--mcp-config", example, "--json"]);
    expect(list.json().servers.map((s: { status: string }) => s.status)).toEqual(["ready", "ready", "ready"]);
    // The roots (project and the configured directory) arrive right after start; either way both are allowed.
    const call = await runCli(sb, [
      "mcp",
      "call",
      "mcp__filesystem__list_allowed_directories",
      "--strict-mcp-config",
      "--mcp-config",
      example,
      "--yes",
    ]);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain(realpathSync(ROOT).replace(/\/$/, ""));
  });
});
