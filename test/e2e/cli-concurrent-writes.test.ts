// Config and state files under concurrent CLI processes (§3.2): every process that exits 0 has its change on
// disk; nothing written by another process is lost.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

describe("concurrent writes", () => {
  it("10 `mcp add` processes at once all land in the user config", async () => {
    const sb = sandbox();
    const names = Array.from({ length: 10 }, (_, i) => `srv${i}`);
    const runs = await Promise.all(
      names.map((n) => runCli(sb, ["mcp", "add", n, "--", "node", `${n}.js`], { timeoutMs: 60_000 })),
    );
    expect(runs.map((r) => r.code)).toEqual(names.map(() => 0));
    const file = join(sb.env.CODEAGENT_HOME!, "mcp.json");
    const servers = (JSON.parse(readFileSync(file, "utf8")) as { mcpServers: Record<string, unknown> })
      .mcpServers;
    expect(Object.keys(servers).sort()).toEqual(names);
    expect(servers.srv3).toEqual({ command: "node", args: ["srv3.js"] });
  });

  it("concurrent add and remove in one project file keep every other entry", async () => {
    const sb = sandbox();
    const file = sb.writeJson(join(sb.project, ".mcp.json"), {
      mcpServers: { keep: { command: "k" }, gone: { command: "g" } },
    });
    const runs = await Promise.all([
      runCli(sb, ["mcp", "remove", "gone", "--scope", "project"], { timeoutMs: 60_000 }),
      ...["a", "b", "c", "d"].map((n) =>
        runCli(sb, ["mcp", "add-json", n, `{"command":"${n}"}`, "--scope", "project"], { timeoutMs: 60_000 }),
      ),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const servers = (JSON.parse(readFileSync(file, "utf8")) as { mcpServers: Record<string, unknown> })
      .mcpServers;
    expect(Object.keys(servers).sort()).toEqual(["a", "b", "c", "d", "keep"]);
  });

  it("concurrent `mcp approve` of different servers keeps every approval", async () => {
    const sb = sandbox();
    const names = ["p0", "p1", "p2", "p3", "p4", "p5"];
    sb.writeJson(join(sb.project, ".mcp.json"), {
      mcpServers: Object.fromEntries(names.map((n) => [n, { command: n }])),
    });
    const runs = await Promise.all(
      names.map((n) => runCli(sb, ["mcp", "approve", n, "--json"], { timeoutMs: 60_000 })),
    );
    expect(runs.map((r) => r.code)).toEqual(names.map(() => 0));
    const list = await runCli(sb, ["mcp", "list", "--json", "--startup-wait", "0"]);
    const statuses = (list.json().servers as { name: string; status: string }[]).map((s) => s.status);
    expect(statuses).not.toContain("needs-approval");
  });
});
