// Cache hints (§14) through the CLI, against a modern-only SDK v2 server that sends them and records what it is
// asked (test/fixtures/servers/modern-hints.mjs): `mcp get` shows them, a second command within the TTL does
// not list again, and `mcp logout` drops the lists the server marked private.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";

function setup(scope: "public" | "private") {
  const sb = sandbox();
  const log = join(sb.dir, "requests.log");
  writeFileSync(log, "");
  const server = nodeServer(
    "modern-hints.mjs",
    { TTL_MS: "600000", SCOPE: scope, REQUEST_LOG: log },
    { args: [fixture("modern-hints.mjs"), "stdio"] },
  );
  const cfg = sb.writeJson("servers.json", { mcpServers: { h: server } });
  const lists = () =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => l === "tools/list").length;
  const get = (json: boolean) =>
    runCli(sb, ["mcp", "get", "h", "--mcp-config", cfg, ...(json ? ["--json"] : [])]);
  return { sb, cfg, lists, get };
}

describe("cache hints through the CLI", () => {
  it("mcp get shows the hints; a second command within the TTL uses the cached lists", async () => {
    const s = setup("public");
    const first = await s.get(true);
    expect(first.code).toBe(0);
    const doc = first.json();
    expect(doc.cacheHints.tools).toEqual({
      ttlMs: 600_000,
      scope: "public",
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      text: "tools/list: fresh for 10 min, public",
    });
    const text = await s.get(false);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      "  cache hints: tools/list: fresh for 10 min, public; resources/list: fresh for 10 min, public",
    );
    expect(text.stdout).toContain("mcp__h__echo");
    expect(s.lists()).toBe(1);
  });

  it("mcp logout drops the lists the server marked private; the next command lists again", async () => {
    const s = setup("private");
    expect((await s.get(true)).code).toBe(0);
    expect((await s.get(true)).code).toBe(0);
    expect(s.lists()).toBe(1);
    const out = await runCli(s.sb, ["mcp", "logout", "h", "--mcp-config", s.cfg]);
    expect(out.code).toBe(0);
    expect((await s.get(true)).code).toBe(0);
    expect(s.lists()).toBe(2);
  });
});
