// Code mode end to end (§20.2): `codeagent -p --tool-mode code` with a scripted model on both wire formats
// (OpenAI chat completions, Anthropic Messages) against the records fixture. The model gets the built-ins,
// search_tools (answering with TypeScript declarations) and execute_code — no MCP definitions — and one
// script does a 32-call workflow; hostile scripts are stopped and the turn goes on; stream-json carries the
// inner calls.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function setup(script: Script) {
  const sb = sandbox();
  model = await startModelServer(script);
  const log = join(sb.dir, "records.log");
  const config = sb.writeJson("mcp.json", {
    mcpServers: { records: nodeServer("records.mjs", { RECORDS_LOG: log }) },
  });
  const serverLog = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []);
  return { sb, model, config, serverLog };
}

const WORKFLOW = `const { ids } = await tools.mcp__records__list_record_ids({});
const records = await Promise.all(ids.map((id) => tools.mcp__records__get_record({ id })));
const overdue = records.filter((r) => r.status === "overdue");
const text = overdue.map((r) => r.name + ": " + r.amount).join("\\n");
const saved = await tools.mcp__records__write_summary({ title: "Overdue", text });
return { overdue: overdue.length, saved };`;

const WORKFLOW_SCRIPT: Script = [
  { toolCalls: [{ name: "search_tools", args: { query: "customer records" } }] },
  { toolCalls: [{ name: "execute_code", args: { code: WORKFLOW } }] },
  { text: "10 accounts are overdue; the summary is saved." },
];

const wires = [
  {
    name: "OpenAI chat completions",
    args: (url: string) => ["--model", "openai-compatible:scripted", "--base-url", `${url}/v1`],
    env: () => ({}),
  },
  {
    name: "Anthropic Messages",
    args: () => ["--model", "anthropic:claude-test"],
    env: (url: string) => ({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: url }),
  },
];

describe.each(wires)("code mode over $name", (wire) => {
  it("one script runs the workflow: declarations from search, 32 gated calls, only the summary returned", async () => {
    const t = await setup(WORKFLOW_SCRIPT);
    const r = await runCli(
      t.sb,
      [
        "-p",
        "summarise overdue accounts",
        ...wire.args(t.model.url),
        "--mcp-config",
        t.config,
        "--tool-mode",
        "code",
        "--yes",
      ],
      { env: wire.env(t.model.url) },
    );
    expect([r.code, r.stdout]).toEqual([0, "10 accounts are overdue; the summary is saved.\n"]);
    // No MCP definitions go out: the built-ins, execute_code and the declarations search.
    const first = t.model.view(0);
    expect(first.tools.filter((n) => n.startsWith("mcp__"))).toEqual([]);
    expect(first.tools).toEqual(expect.arrayContaining(["execute_code", "search_tools", "read_file"]));
    expect(first.system).toContain("Code mode: call MCP tools from JavaScript with execute_code");
    const found = t.model.view(1).toolResults[0]!.text;
    expect(found).toContain("interface Tools {");
    expect(found).toContain(
      "mcp__records__get_record(args: {\n    /** The record id */ id: number;\n  }): Promise<{ id: number;",
    );
    expect(t.model.view(2).toolResults.slice(-1)).toEqual([
      {
        id: expect.any(String),
        text: '{\n  "overdue": 10,\n  "saved": "saved \\"Overdue\\" (160 characters)"\n}',
        isError: false,
      },
    ]);
    expect(t.serverLog().length).toBe(32);
    expect(r.stderr).toContain("[tool]   ↳ mcp__records__write_summary");
  });
});

describe("code mode limits and the gate, through codeagent -p", () => {
  it("hostile scripts are stopped with a clear error and the turn goes on", async () => {
    const hostile = [
      "for (;;) {}",
      "const a = []; for (;;) a.push('z'.repeat(100000) + a.length)",
      "for (let i = 0; i < 1e6; i++) tools.mcp__records__get_record({ id: 1 })",
      "return [typeof process, typeof require, Object.keys(Function('return this')()).join()].join(' ')",
      "return await import('node:child_process')",
    ];
    const t = await setup([
      { toolCalls: hostile.map((code, i) => ({ name: "execute_code", args: { code }, id: `h${i}` })) },
      { text: "all stopped" },
    ]);
    const settings = t.sb.writeJson(join(t.sb.env.CODEAGENT_HOME!, "settings.json"), {
      toolMode: "code",
      codeMode: { cpuMs: 300, memoryMb: 32, maxCalls: 50 },
    });
    expect(existsSync(settings)).toBe(true);
    const r = await runCli(t.sb, [
      "-p",
      "go",
      "--model",
      "openai-compatible:scripted",
      "--base-url",
      `${t.model.url}/v1`,
      "--mcp-config",
      t.config,
    ]);
    expect([r.code, r.stdout]).toEqual([0, "all stopped\n"]);
    // (chat completions carry no error flag: the text says it)
    const results = t.model.view(1).toolResults.map((x) => x.text.split("\n")[0]);
    expect(results).toEqual([
      'The script was stopped: ScriptStopped: the script used more than 300 ms of CPU time and was stopped (an endless loop?); "codeMode.cpuMs" in settings.json raises the limit',
      'The script was stopped: ScriptStopped: the script ran out of memory (its isolate may use 32 MB) and was stopped; "codeMode.memoryMb" in settings.json raises the limit',
      'The script was stopped: ScriptStopped: the script made more than 50 tool calls and was stopped; make fewer calls per script, or raise "codeMode.maxCalls" in settings.json',
      "undefined undefined tools,console",
      "The script failed: ReferenceError: could not load module 'node:child_process'",
    ]);
  });

  it("without --yes, an inner call that needs approval is refused in the script with the gate's reason", async () => {
    const t = await setup([
      {
        toolCalls: [
          {
            name: "execute_code",
            args: {
              code: "try { await tools.mcp__records__write_summary({ title: 'x', text: 'y' }) } catch (e) { return e.code + ': ' + e.message }",
            },
          },
        ],
      },
      { text: "refused" },
    ]);
    const r = await runCli(t.sb, [
      "-p",
      "go",
      "--model",
      "openai-compatible:scripted",
      "--base-url",
      `${t.model.url}/v1`,
      "--mcp-config",
      t.config,
      "--tool-mode",
      "code",
    ]);
    expect(r.stdout).toBe("refused\n");
    expect(t.model.view(1).toolResults[0]!.text).toMatch(
      /^PERMISSION_DENIED: permission denied: .*mcp__records__write_summary/,
    );
    expect(t.serverLog()).toEqual([]);
  });

  it("stream-json emits the inner calls under the execute_code call", async () => {
    const t = await setup([
      {
        toolCalls: [
          {
            name: "execute_code",
            id: "x1",
            args: { code: "return (await tools.mcp__records__get_record({ id: 7 })).name" },
          },
        ],
      },
      { text: "done" },
    ]);
    const r = await runCli(t.sb, [
      "-p",
      "go",
      "--model",
      "openai-compatible:scripted",
      "--base-url",
      `${t.model.url}/v1`,
      "--mcp-config",
      t.config,
      "--tool-mode",
      "code",
      "--output-format",
      "stream-json",
    ]);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    const inner = events.filter((e) => typeof e.parent_tool_use_id === "string");
    expect(
      inner.map((e) => [
        e.type,
        e.parent_tool_use_id,
        e.message.content[0].type,
        e.message.content[0].name ?? e.message.content[0].content,
      ]),
    ).toEqual([
      ["assistant", "x1", "tool_use", "mcp__records__get_record"],
      [
        "user",
        "x1",
        "tool_result",
        JSON.stringify({
          id: 7,
          name: "Customer 07",
          region: "west",
          amount: 57,
          status: "paid",
          notes: "Account opened in 2007; contact by email; preferred language English; tier 2.",
        }),
      ],
    ]);
  });

  it("a bad --tool-mode names the flag and the modes", async () => {
    const sb = sandbox();
    const r = await runCli(sb, [
      "-p",
      "go",
      "--model",
      "openai-compatible:scripted",
      "--base-url",
      "http://127.0.0.1:9/v1",
      "--tool-mode",
      "scripts",
    ]);
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringContaining('--tool-mode must be one of "direct", "search", "code", got "scripts"'),
    ]);
  });
});
