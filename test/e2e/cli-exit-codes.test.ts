// Exit codes and messages of §2 for bad input the user gives: config files named on the command line, entries
// written by `mcp add`, names that do not exist; and counts that agree between `mcp list` and `mcp get`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

describe("--mcp-config", () => {
  it("a missing file is a config error (exit 2) naming the file", async () => {
    const sb = sandbox();
    const missing = join(sb.dir, "nope.json");
    const r = await runCli(sb, ["mcp", "list", "--mcp-config", missing, "--json"]);
    expect(r.code).toBe(2);
    expect(r.json()).toEqual({
      error: { code: "CONFIG_INVALID", message: `${missing}: file not found (given with --mcp-config)` },
    });
  });

  it("an unparsable file is a config error (exit 2) with its path and position", async () => {
    const sb = sandbox();
    const bad = join(sb.dir, "bad.json");
    writeFileSync(bad, '{ "mcpServers": { "x": } }');
    const r = await runCli(sb, ["mcp", "list", "--mcp-config", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:1:`);
    const j = await runCli(sb, ["mcp", "tools", "--mcp-config", bad, "--json"]);
    expect([j.code, j.json().error.code]).toEqual([2, "CONFIG_PARSE"]);
  });
});

describe("mcp add / add-json", () => {
  it("print the warnings loading will give, e.g. an unknown key with a suggestion", async () => {
    const sb = sandbox();
    const r = await runCli(sb, ["mcp", "add-json", "s", '{"command":"x","timeout":30000}']);
    expect(r.code).toBe(0);
    const file = join(sb.env.CODEAGENT_HOME!, "mcp.json");
    expect(r.stderr).toBe(
      `config warning: ${file}: mcpServers.s: unknown key "timeout" is ignored; did you mean timeoutMs (milliseconds)?\n`,
    );
    const j = await runCli(sb, ["mcp", "add-json", "t", '{"command":"x","timeout":30000}', "--json"]);
    expect(j.json().warnings).toEqual([
      `${file}: mcpServers.t: unknown key "timeout" is ignored; did you mean timeoutMs (milliseconds)?`,
    ]);
  });
});

describe("mcp logout", () => {
  it("an unknown server is a usage error (exit 2)", async () => {
    const sb = sandbox();
    const r = await runCli(sb, ["mcp", "logout", "nosuch", "--json"]);
    expect(r.code).toBe(2);
    expect(r.json().error.code).toBe("UNKNOWN_SERVER");
  });
});

describe("tool counts", () => {
  it("a server that fails shows no cached counts; list and get agree on what is registered", async () => {
    const sb = sandbox();
    const defs = join(sb.dir, "tools.json");
    const schema = { type: "object", properties: {} };
    writeFileSync(
      defs,
      JSON.stringify({
        tools: [
          { name: "one", description: "1", inputSchema: schema },
          { name: "two", description: "2", inputSchema: schema },
          { name: "hidden", description: "h", inputSchema: schema },
        ],
      }),
    );
    const cfg = sb.writeJson("cfg.json", {
      mcpServers: {
        f: { command: process.execPath, args: [fixture("file-defined.mjs"), defs], excludeTools: ["hidden"] },
      },
    });
    const list = await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--json"]);
    const get = await runCli(sb, ["mcp", "get", "f", "--mcp-config", cfg, "--json"]);
    expect(list.json().servers[0].tools).toBe(get.json().tools.length);
    expect(get.json().tools).toEqual(["mcp__f__one", "mcp__f__two"]);
    // Same config (so the cache applies), but now the server fails at start.
    writeFileSync(defs, JSON.stringify({ fail: "FATAL: license expired", tools: [] }));
    const failed = await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--json"]);
    expect(failed.json().servers[0]).toMatchObject({ status: "failed", tools: 0, resources: 0, prompts: 0 });
  });
});
