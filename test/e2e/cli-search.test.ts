// `codeagent mcp search QUERY` end to end (§2.1, §15.1): every registered tool ranked — built-ins and MCP
// tools alike — the JSON shape, the table, usage errors, and search from the warm tool cache without
// waiting for a slow server.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";
import { CATALOGUE_DIR } from "../search/catalogue.js";

function setup(servers: Record<string, unknown>) {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: servers });
  const cli = (args: string[], opts: Parameters<typeof runCli>[2] = {}) =>
    runCli(sb, [...args, "--mcp-config", cfg], opts);
  return { sb, cli };
}

/** A config with one server, `big`, serving the captured catalogue's tools of `servers` (200+ real tools). */
function bigServer(sb: ReturnType<typeof sandbox>, servers: string[]): string {
  const tools = servers.flatMap(
    (s) => (JSON.parse(readFileSync(join(CATALOGUE_DIR, `${s}.json`), "utf8")) as { tools: unknown[] }).tools,
  );
  const toolsFile = join(sb.dir, "tools.json");
  writeFileSync(toolsFile, JSON.stringify(tools));
  const big = {
    command: process.execPath,
    args: [join(import.meta.dirname, "../../bench/servers/catalogue.mjs")],
    env: { CATALOGUE_TOOLS: toolsFile },
  };
  return sb.writeJson("big.json", { mcpServers: { big } });
}

describe("mcp search", () => {
  it("ranks MCP and built-in tools, best first, in the §2.1 shape", async () => {
    const { cli } = setup({ echo: nodeServer("echo.mjs") });
    const r = await cli(["mcp", "search", "add two numbers", "--json", "--limit", "3"]);
    expect(r.code).toBe(0);
    const results = r.json().results as { name: string; score: number }[];
    expect(results[0]).toEqual({
      name: "mcp__echo__add",
      server: "echo",
      tool: "add",
      description: "Adds two numbers",
      score: results[0]!.score,
    });
    expect(results.length).toBeLessThanOrEqual(3);
    const scores = results.map((x) => x.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const builtin = await cli(["mcp", "search", "run a shell command", "--json", "--limit", "1"]);
    expect(builtin.json().results).toEqual([
      {
        name: "bash",
        server: null,
        tool: "bash",
        description: expect.any(String),
        score: expect.any(Number),
      },
    ]);
  });

  it("searches exactly the tools that register: a schema that is refused leaves its tool out", async () => {
    const { sb } = setup({});
    const obj = (properties: Record<string, unknown>) => ({ type: "object", properties });
    const wide = obj(
      Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p${i}`, { type: "string" }])),
    );
    const tools = [
      { name: "plain", inputSchema: obj({ q: { type: "string" } }) },
      { name: "unioned", inputSchema: obj({ q: { anyOf: [{ type: "string" }, { type: "null" }] } }) },
      { name: "stringy", inputSchema: { type: "string" } },
      { name: "nothing", inputSchema: { type: "object", anyOf: [{ not: {} }] } },
      { name: "wide", inputSchema: wide },
    ].map((t) => ({ ...t, description: "Frobnicates the widget" }));
    const defs = sb.writeJson("defs.json", { tools });
    const cfg = sb.writeJson("f.json", {
      mcpServers: { f: { command: process.execPath, args: [fixture("file-defined.mjs"), defs] } },
    });
    const names = async (args: string[], key: string) => {
      const r = await runCli(sb, [...args, "--json", "--mcp-config", cfg]);
      return (r.json()[key] as { name: string }[]).map((t) => t.name).filter((n) => n.startsWith("mcp__f__"));
    };
    const searched = await names(["mcp", "search", "frobnicate the widget", "--limit", "20"], "results");
    const listed = await names(["mcp", "tools"], "tools");
    expect({ searched: searched.sort(), listed }).toEqual({
      searched: ["mcp__f__plain", "mcp__f__unioned"],
      listed: ["mcp__f__plain", "mcp__f__unioned"],
    });
  });

  it("prints a table, and says so when nothing matches", async () => {
    const { cli } = setup({ echo: nodeServer("echo.mjs") });
    const r = await cli(["mcp", "search", "echo the text back"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^TOOL\s+SCORE\s+DESCRIPTION$/);
    expect(lines[1]).toMatch(/^mcp__echo__echo\s+\d+\.\d\d\s+Returns the text$/);
    const none = await cli(["mcp", "search", "zzqqxx"]);
    expect({ code: none.code, out: none.stdout.trim() }).toEqual({
      code: 0,
      out: 'No tool matches "zzqqxx".',
    });
  });

  it("refuses a bad --limit or an empty query with exit 2", async () => {
    const { cli } = setup({});
    const bad = await cli(["mcp", "search", "x", "--limit", "0", "--json"]);
    expect({ code: bad.code, error: bad.json().error }).toEqual({
      code: 2,
      error: { code: "USAGE", message: '--limit must be a whole number of at least 1, got "0"' },
    });
    const empty = await cli(["mcp", "search", "  "]);
    expect(empty.code).toBe(2);
  });

  it("searches a slow server's tools from the warm cache instead of waiting for it", async () => {
    const { cli } = setup({ slow: nodeServer("slow-start.mjs", { SLOW_START_MS: "4000" }) });
    // Cold: nothing cached, so search waits (within --startup-wait) for the server to list its tools.
    const cold = await cli(["mcp", "search", "returns the text", "--json", "--startup-wait", "60000"]);
    expect(cold.json().results[0].name).toBe("mcp__slow__echo");
    // Warm: a wait far shorter than the server's start still finds its tools, from the cache.
    const warm = await cli(["mcp", "search", "returns the text", "--json", "--startup-wait", "200"]);
    expect({ code: warm.code, first: warm.json().results[0].name }).toEqual({
      code: 0,
      first: "mcp__slow__echo",
    });
  });

  it("does not start a server whose tools are cached: starting one only to end it cost more than the search", async () => {
    const { sb } = setup({});
    const starts = join(sb.dir, "starts.txt");
    // The server notes every start of its process before it runs.
    const counted = {
      command: "sh",
      args: ["-c", `echo start >> "${starts}"; exec "${process.execPath}" "${fixture("echo.mjs")}"`],
    };
    const cfg = sb.writeJson("counted.json", { mcpServers: { counted } });
    const search = () => runCli(sb, ["mcp", "search", "echo the text", "--json", "--mcp-config", cfg]);
    const cold = await search();
    expect({ code: cold.code, first: cold.json().results[0].name }).toEqual({
      code: 0,
      first: "mcp__counted__echo",
    });
    const warm = await search();
    expect({ code: warm.code, first: warm.json().results[0].name }).toEqual({
      code: 0,
      first: "mcp__counted__echo",
    });
    expect(readFileSync(starts, "utf8")).toBe("start\n");
  });

  it("ranks a large server's tools alike cold and warm (cached lists, saved index)", async () => {
    const { sb } = setup({});
    const cfg = bigServer(sb, ["gitlab", "notion", "mongodb", "playwright", "circleci"]);
    const dir = join(sb.env.CODEAGENT_HOME!, "cache", "search");
    const search = async () => {
      const r = await runCli(sb, [
        "mcp",
        "search",
        "open a merge request",
        "--json",
        "--limit",
        "20",
        "--mcp-config",
        cfg,
      ]);
      return { code: r.code, stdout: r.stdout };
    };
    const cold = await search();
    const pieces = readdirSync(dir).sort();
    const warm = await search();
    expect({ pieces: pieces.length, same: readdirSync(dir).sort() }).toEqual({ pieces: 2, same: pieces });
    expect([cold.code, warm.code]).toEqual([0, 0]);
    expect(warm.stdout).toBe(cold.stdout);
    expect(cold.stdout).toContain("mcp__big__create_merge_request");
  });

  it("writes the same tool cache cold as mcp tools does", async () => {
    const { sb } = setup({});
    const cfg = bigServer(sb, ["gitlab", "notion", "mongodb"]);
    const cacheOf = async (args: string[]) => {
      const home = join(sb.dir, `home-${args[1]}`);
      const r = await runCli(sb, [...args, "--json", "--mcp-config", cfg], { env: { CODEAGENT_HOME: home } });
      const dir = join(home, "cache", "tools");
      const files = readdirSync(dir);
      return { code: r.code, files: files.length, text: readFileSync(join(dir, files[0]!), "utf8") };
    };
    const tools1 = await cacheOf(["mcp", "tools"]);
    expect(tools1).toMatchObject({ code: 0, files: 1 });
    expect(await cacheOf(["mcp", "search", "open a merge request"])).toEqual(tools1);
  });

  it("saves the index of a large tool set under $CODEAGENT_HOME and rebuilds a damaged one", async () => {
    const { sb } = setup({});
    const cfg = bigServer(sb, ["gitlab", "notion", "mongodb", "playwright", "circleci"]);
    const search = async () => {
      const r = await runCli(sb, [
        "mcp",
        "search",
        "open a merge request",
        "--json",
        "--limit",
        "3",
        "--mcp-config",
        cfg,
      ]);
      return { code: r.code, names: (r.json().results as { name: string }[]).map((x) => x.name) };
    };
    const expected = { code: 0, names: expect.arrayContaining(["mcp__big__create_merge_request"]) };
    const first = await search();
    expect(first).toEqual(expected);
    const dir = join(sb.env.CODEAGENT_HOME!, "cache", "search");
    // One piece for the server's tools, one for the host's own.
    const files = readdirSync(dir).filter((f) => f.endsWith(".bin"));
    expect(files.length).toBe(2);
    const saved = files.map((f) => readFileSync(join(dir, f)));
    for (const f of files) writeFileSync(join(dir, f), "damaged");
    expect(await search()).toEqual(first);
    expect(files.map((f, i) => readFileSync(join(dir, f)).equals(saved[i]!))).toEqual([true, true]);
    expect(await search()).toEqual(first);
  });

  it("without a cache, a short wait searches what is there and names the server it could not search", async () => {
    const { cli } = setup({ slow: nodeServer("slow-start.mjs", { SLOW_START_MS: "20000" }) });
    const r = await cli(["mcp", "search", "returns the text", "--json", "--startup-wait", "200"]);
    expect(r.code).toBe(0);
    expect((r.json().results as { name: string }[]).map((x) => x.name)).not.toContain("mcp__slow__echo");
    expect(r.stderr).toContain("slow: starting");
  });
});
