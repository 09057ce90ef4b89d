// `codeagent mcp tools|call|resources|read|prompts|prompt` end to end: registered names, hostile names and
// schemas, the permission gate, result rules (caps, ANSI, binary), exit codes and Ctrl-C cancellation.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

const VALID_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function setup(servers: Record<string, unknown>) {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: servers });
  const cli = (args: string[], opts: Parameters<typeof runCli>[2] = {}) =>
    runCli(sb, [...args, "--mcp-config", cfg], opts);
  return { sb, cfg, cli };
}

describe("mcp tools", () => {
  it("registers hostile names as valid, distinct function names and skips only the unsalvageable tools", async () => {
    const { cli } = setup({ h: nodeServer("hostile.mjs"), h2: nodeServer("hostile.mjs") });
    const r = await cli(["mcp", "tools", "--json", "--schema"]);
    expect(r.code).toBe(0);
    const tools = r.json().tools as {
      name: string;
      server: string;
      tool: string;
      inputSchema: { type: string };
    }[];
    for (const t of tools) expect(t.name).toMatch(VALID_NAME);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    const h = tools.filter((t) => t.server === "h");
    // Same raw tools on two servers: both reachable under their own prefix.
    expect(tools.filter((t) => t.server === "h2")).toHaveLength(h.length);
    expect(h.map((t) => t.tool)).toEqual(
      expect.arrayContaining(["foo.bar", "foo/bar", "名前", "cyclic", "union_top", "deep"]),
    );
    for (const t of h) expect(t.inputSchema.type).toBe("object");
    expect(r.stderr).toContain('tool "string_root" skipped');
  });

  it("shows the original schema with --raw", async () => {
    const { cli } = setup({ h: nodeServer("hostile.mjs") });
    const r = await cli(["mcp", "tools", "h", "--json", "--raw"]);
    const cyclic = (r.json().tools as { tool: string; rawInputSchema: Record<string, unknown> }[]).find(
      (t) => t.tool === "cyclic",
    );
    expect(cyclic?.rawInputSchema.$defs).toBeDefined();
  });

  it("keeps a JSON Schema 2020-12 input schema exactly as the server sent it (SEP-1613)", async () => {
    const { cli } = setup({ h: nodeServer("hostile.mjs") });
    const r = await cli(["mcp", "tools", "h", "--json", "--schema", "--raw"]);
    const tool = (r.json().tools as { tool: string; rawInputSchema: unknown; inputSchema: unknown }[]).find(
      (t) => t.tool === "schema_2020_12",
    );
    const sent: unknown = JSON.parse(
      readFileSync(new URL("../fixtures/servers/schema-2020-12.json", import.meta.url), "utf8"),
    );
    expect(tool?.rawInputSchema).toEqual(sent);
    // The model still gets a schema every provider takes, made from it (refs inlined, no $schema).
    expect(tool?.inputSchema).toMatchObject({ type: "object", required: ["shipTo"] });
    expect(JSON.stringify(tool?.inputSchema)).not.toContain("$ref");
  });
});

describe("mcp call", () => {
  it("calls a tool by its registered name and prints the §2.1 document", async () => {
    const { cli } = setup({ echo: nodeServer("echo.mjs") });
    const r = await cli(["mcp", "call", "mcp__echo__echo", '{"text":"hello"}', "--json", "--yes"]);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({
      tool: "mcp__echo__echo",
      isError: false,
      content: [{ type: "text", text: "hello" }],
      text: "hello",
      truncated: false,
    });
  });

  it("routes a hostile name to the original tool", async () => {
    const { cli } = setup({ h: nodeServer("hostile.mjs") });
    const tools = (await cli(["mcp", "tools", "h", "--json"])).json().tools as {
      name: string;
      tool: string;
    }[];
    for (const raw of ["foo.bar", "foo/bar", "名前", "x".repeat(100)]) {
      const name = tools.find((t) => t.tool === raw)!.name;
      const r = await cli(["mcp", "call", name, "{}", "--yes"]);
      expect(r.stdout.trim()).toBe(`called ${raw} with {}`);
    }
  });

  it("finds servers named a_ and hashed long names by lookup, never by splitting the name (§5)", async () => {
    const long = "s".repeat(60);
    const { cli } = setup({
      a: nodeServer("echo.mjs"),
      a_: nodeServer("echo.mjs"),
      [long]: nodeServer("echo.mjs"),
    });
    const call = async (name: string, text: string) =>
      (await cli(["mcp", "call", name, JSON.stringify({ text }), "--yes", "--json"])).json();
    const underTools = (await cli(["mcp", "tools", "a_", "--json"])).json().tools as {
      name: string;
      tool: string;
    }[];
    // `a_`'s names are hashed (a `mcp__a___…` name would read two ways), so look the name up.
    const underEcho = underTools.find((t) => t.tool === "echo")!.name;
    expect(underEcho).toMatch(/^mcp__a___echo_[0-9a-f]{8}$/);
    expect(await call(underEcho, "under")).toMatchObject({ tool: underEcho, text: "under" });
    expect(await call("mcp__a__echo", "plain")).toMatchObject({ tool: "mcp__a__echo", text: "plain" });
    const tools = (await cli(["mcp", "tools", long, "--json"])).json().tools as {
      name: string;
      server: string;
      tool: string;
    }[];
    const echo = tools.find((t) => t.tool === "echo")!;
    expect([echo.server, echo.name.length <= 64, echo.name.endsWith("echo")]).toEqual([long, true, false]);
    expect(await call(echo.name, "hashed")).toMatchObject({ tool: echo.name, text: "hashed" });
    const under = (await cli(["mcp", "tools", "a_", "--json"])).json().tools as {
      name: string;
      server: string;
    }[];
    expect(new Set(under.map((t) => t.server))).toEqual(new Set(["a_"]));
    expect(under.map((t) => t.name)).toContain(underEcho);
  });

  it("exit codes: isError 1, bad arguments 2, unknown tool 2, unavailable server 4", async () => {
    const { cli } = setup({ echo: nodeServer("echo.mjs"), dead: nodeServer("exit-immediately.mjs") });
    const fail = await cli(["mcp", "call", "mcp__echo__fail", '{"message":"nope"}', "--yes", "--json"]);
    expect([fail.code, fail.json().isError, fail.json().text]).toEqual([1, true, "nope"]);
    expect((await cli(["mcp", "call", "mcp__echo__echo", "{not json"])).code).toBe(2);
    expect((await cli(["mcp", "call", "mcp__echo__echo", "[1,2]"])).code).toBe(2);
    const unknown = await cli(["mcp", "call", "mcp__echo__nope", "{}", "--json"]);
    expect([unknown.code, unknown.json().error.code]).toEqual([2, "UNKNOWN_TOOL"]);
    expect((await cli(["mcp", "call", "mcp__nosuch__x", "{}"])).code).toBe(2);
    const down = await cli(["mcp", "call", "mcp__dead__x", "{}", "--json"]);
    expect([down.code, down.json().error.code]).toEqual([4, "SERVER_UNAVAILABLE"]);
  });

  it("never runs a tool that needs permission without a terminal or --yes (exit 3)", async () => {
    const { sb, cli } = setup({ se: nodeServer("side-effect.mjs") });
    const file = join(sb.dir, "touched");
    const r = await cli(["mcp", "call", "mcp__se__touch", JSON.stringify({ path: file }), "--json"]);
    expect(r.code).toBe(3);
    expect(r.json().error.code).toBe("PERMISSION_DENIED");
    expect(existsSync(file)).toBe(false);
    const peek = await cli(["mcp", "call", "mcp__se__peek", JSON.stringify({ path: file })]);
    expect([peek.code, peek.stdout.trim()]).toEqual([0, "missing"]);
    const allowed = await cli([
      "mcp",
      "call",
      "mcp__se__touch",
      JSON.stringify({ path: file }),
      "--allow",
      "mcp__se__*",
    ]);
    expect(allowed.code).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it("does not take the read-only shortcut for a server with trust: false", async () => {
    const { sb, cli } = setup({
      se: nodeServer("side-effect.mjs", { SIDE_EFFECT_READONLY_LIE: "1" }, { trust: false }),
    });
    const file = join(sb.dir, "touched");
    const r = await cli(["mcp", "call", "mcp__se__touch", JSON.stringify({ path: file })]);
    expect(r.code).toBe(3);
    expect(existsSync(file)).toBe(false);
  });

  it("caps a huge result and saves the whole output to the file named in the notice", async () => {
    const { cli } = setup({ h: nodeServer("hostile.mjs", { BIG_MB: "3" }) });
    const r = await cli(["mcp", "call", "mcp__h__huge", "{}", "--yes", "--json"]);
    expect(r.code).toBe(0);
    const doc = r.json();
    expect(doc.truncated).toBe(true);
    expect(doc.text.length).toBeLessThan(110_000);
    expect(doc.text).toContain(doc.savedTo);
    expect(statSync(doc.savedTo).size).toBe(3 * 1024 * 1024);
  });

  it("strips control sequences and renders binary, links and structured content", async () => {
    const { cli } = setup({ h: nodeServer("hostile.mjs") });
    const ansi = await cli(["mcp", "call", "mcp__h__ansi_result", "{}", "--yes"]);
    expect(ansi.stdout).not.toContain("\u001b");
    expect(ansi.stdout).toContain("clean bold text\nline2");
    const bin = await cli(["mcp", "call", "mcp__h__binary", "{}", "--yes"]);
    expect(bin.stdout).toMatch(/\[image: image\/png/);
    expect(bin.stdout).toMatch(/\[audio: audio\/wav/);
    const links = await cli(["mcp", "call", "mcp__h__links", "{}", "--yes"]);
    expect(links.stdout).toContain("file:///etc/passwd");
    expect(links.stdout).toContain("embedded note");
    const structured = await cli(["mcp", "call", "mcp__h__structured", "{}", "--yes", "--json"]);
    expect(JSON.parse(structured.json().text)).toEqual({ temperature: 21.5, unit: "C" });
  });

  it("Ctrl-C cancels the call, ends the server and exits 130", async () => {
    const { sb, cli } = setup({ echo: nodeServer("echo.mjs") });
    let pid = 0;
    const p = cli(["mcp", "call", "mcp__echo__sleep", '{"ms":60000}', "--yes"], {
      onSpawn: (p) => (pid = p),
    });
    // Wait until the call is in flight: the server says so in its stderr, which the server's log keeps.
    const log = join(sb.env.CODEAGENT_HOME!, "logs", "echo.log");
    const said = (line: string) =>
      existsSync(log) && readFileSync(log, "utf8").includes(`"kind":"stderr","text":"${line}"`);
    const end = Date.now() + 20_000;
    while (!said("sleep start") && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(said("sleep start")).toBe(true);
    process.kill(pid, "SIGINT");
    const r = await p;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain("interrupted");
    // The server was told: its sleep stopped on the cancellation, not because its process was ended.
    expect(said("sleep cancelled")).toBe(true);
  });
});

describe("resources and prompts", () => {
  it("lists and reads resources, lists and renders prompts", async () => {
    const { cli } = setup({ echo: nodeServer("echo.mjs") });
    const res = await cli(["mcp", "resources", "--json"]);
    expect(res.json().resources).toEqual([expect.objectContaining({ server: "echo", uri: "echo://hello" })]);
    const read = await cli(["mcp", "read", "echo", "echo://hello", "--json"]);
    expect(read.json().contents[0]).toMatchObject({ uri: "echo://hello" });
    const prompts = await cli(["mcp", "prompts", "--json"]);
    expect(prompts.json().prompts.map((p: { name: string }) => p.name)).toEqual(["greet"]);
    const prompt = await cli(["mcp", "prompt", "echo", "greet", "--arg", "name=Ada", "--json"]);
    expect(JSON.stringify(prompt.json().messages)).toContain("Ada");
    const text = await cli(["mcp", "prompt", "echo", "greet", "--arg", "name=Ada"]);
    expect(text.stdout).toContain("[user]");
  });

  it("calls the virtual resource tools through mcp call", async () => {
    const { cli } = setup({ echo: nodeServer("echo.mjs") });
    const r = await cli(["mcp", "call", "mcp__echo__read_resource", '{"uri":"echo://hello"}']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("echo://hello");
  });
});
