// `codeagent -p` end to end: the built CLI against real MCP fixture servers and a scripted model server
// speaking the OpenAI chat-completions and Anthropic Messages wire formats.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { isAlive } from "../../src/core/mcp/stdio/process-tree.js";
import { sandbox } from "../helpers/env.js";
import { agentSandbox, waitFor, type AgentSandbox } from "./agent-helpers.js";

let current: AgentSandbox | undefined;
async function setup(...a: Parameters<typeof agentSandbox>) {
  current = await agentSandbox(...a);
  return current;
}
afterEach(async () => {
  await current?.model.close();
  current = undefined;
});

describe("codeagent -p", () => {
  it("calls an MCP tool approved by --yes and prints only the answer", async () => {
    const t = await setup([
      { toolCalls: [{ name: "mcp__echo__echo", args: { text: "ping" } }] },
      { text: ["The echo ", "said ping."] },
    ]);
    const r = await t.run("echo ping", ["--yes"]);
    expect([r.code, r.stdout]).toEqual([0, "The echo said ping.\n"]);
    expect(r.stderr).toContain('[tool] mcp__echo__echo {"text":"ping"}');
    expect(t.model.view(0).tools).toEqual(
      expect.arrayContaining(["read_file", "bash", "mcp__echo__echo", "mcp__probe__touch"]),
    );
    expect(t.model.view(1).toolResults).toEqual([{ id: "call_1", text: "ping", isError: false }]);
  });

  it("prints one JSON document with --output-format json; --allow approves one tool", async () => {
    const t = await setup([
      { toolCalls: [{ name: "mcp__echo__echo", args: { text: "x" } }] },
      { text: "done" },
    ]);
    const r = await t.run("go", ["--allow", "mcp__echo__echo", "--output-format", "json"]);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "done",
      session_id: expect.any(String),
      num_turns: 2,
      duration_ms: expect.any(Number),
      duration_api_ms: expect.any(Number),
      total_cost_usd: null,
      usage: {
        input_tokens: 20,
        output_tokens: 10,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
        tool_definition_tokens: expect.any(Number),
      },
      permission_denials: [],
      tool_calls: [{ name: "mcp__echo__echo", input: { text: "x" }, is_error: false, denied: false }],
      model: "openai-compatible:scripted",
    });
    expect(r.json().usage.tool_definition_tokens).toBeGreaterThan(500);
  });

  it("refuses a tool with side effects without --yes: the model is told, the server never runs it", async () => {
    const t = await setup([
      { toolCalls: [{ name: "mcp__probe__touch", args: { name: "x" } }] },
      { text: "could not" },
    ]);
    const r = await t.run("touch x", ["--output-format", "json"]);
    expect(r.code).toBe(3);
    expect(r.json().tool_calls).toEqual([
      { name: "mcp__probe__touch", input: { name: "x" }, is_error: true, denied: true },
    ]);
    expect(t.model.view(1).toolResults[0]?.text).toMatch(
      /^permission denied: .*Re-run with --yes, or --allow mcp__probe__touch/,
    );
    expect(t.probe()).toEqual([]);
  });

  it("runs a read-only built-in without asking", async () => {
    const t = await setup(
      [{ toolCalls: [{ name: "read_file", args: { path: "notes.txt" } }] }, { text: "read it" }],
      "probe",
    );
    writeFileSync(join(t.sb.project, "notes.txt"), "secret notes\n");
    const r = await t.run("read notes");
    expect([r.code, r.stdout]).toEqual([0, "read it\n"]);
    expect(t.model.view(1).toolResults).toEqual([{ id: "call_1", text: "1\tsecret notes", isError: false }]);
  });

  it("runs read-only calls of one step in parallel", async () => {
    const calls = ["a", "b"].map((id) => ({ name: "mcp__probe__slow_read", args: { id, ms: 400 } }));
    const t = await setup([{ toolCalls: calls }, { text: "both read" }], "probe");
    const r = await t.run("read both");
    expect(r.code).toBe(0);
    expect(t.probe()).toEqual(["start a", "start b", "end a", "end b"]);
  });

  it("stops at --max-steps with exit 1", async () => {
    const t = await setup(() => ({ toolCalls: [{ name: "list_directory", args: {} }] }), "probe");
    const r = await t.run("loop", ["--max-steps", "2", "--output-format", "json"]);
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ subtype: "error_max_turns", is_error: true, num_turns: 2 });
    expect(t.model.requests).toHaveLength(2);
    expect(r.stderr).toContain("raise --max-steps");
  });

  it("puts server instructions in the system prompt and attaches @mentions", async () => {
    const t = await setup([{ text: "ok" }]);
    const r = await t.run("what does @echo:echo://hello say? and @nope:x");
    expect(r.code).toBe(0);
    const sent = t.model.view(0);
    expect(sent.system).toContain(
      '<mcp-server-instructions server="probe">\nPROBE-INSTRUCTIONS: call slow_read before touch.\n</mcp-server-instructions>',
    );
    expect(sent.system).toContain(`Project directory: ${t.sb.project}`);
    expect(sent.user).toEqual([
      'what does @echo:echo://hello say? and @nope:x\n\n<mcp-resource server="echo" uri="echo://hello">\nhello\n</mcp-resource>',
    ]);
    expect(r.stderr).toContain('warning: mention not attached: @nope:x — unknown server "nope"');
  });

  it("exits 2 with the configuration help when no provider is configured", async () => {
    const sb = sandbox();
    const r = await runCli(sb, ["-p", "hi"]);
    expect([r.code, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toContain("No model provider is configured.");
    expect(r.stderr).toContain("codeagent --model anthropic:claude-sonnet-4-5");
    expect(r.stderr).toContain("CODEAGENT_BASE_URL");
  });

  it("speaks the Anthropic Messages format end to end", async () => {
    const t = await setup([
      { text: "Let me look.", toolCalls: [{ name: "mcp__echo__add", args: { a: 2, b: 3 } }] },
      { text: "2 + 3 = 5" },
    ]);
    const r = await runCli(
      t.sb,
      ["-p", "add", "--model", "anthropic:claude-test", "--mcp-config", t.config, "--yes"],
      {
        env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: t.model.url },
      },
    );
    expect([r.code, r.stdout]).toEqual([0, "2 + 3 = 5\n"]);
    expect(t.model.requests.map((q) => [q.path, q.headers["x-api-key"]])).toEqual([
      ["/v1/messages", "test-key"],
      ["/v1/messages", "test-key"],
    ]);
    expect(t.model.view(1).toolResults).toEqual([{ id: "toolu_1", text: "5", isError: false }]);
  });

  it("Ctrl-C during a slow MCP tool cancels it on the server, exits 130 and leaves no process", async () => {
    const t = await setup([{ toolCalls: [{ name: "mcp__probe__sleep", args: { ms: 20_000 } }] }], "probe");
    let pid = 0;
    const running = t.run("sleep", ["--yes"], { onSpawn: (p) => (pid = p) });
    await waitFor(() => t.probe().includes("sleep start"));
    process.kill(pid, "SIGINT");
    const r = await running;
    expect([r.code, r.stdout]).toEqual([130, ""]);
    expect(t.probe()).toEqual(["sleep start", "sleep cancelled"]);
    const serverPid = t.probePid();
    expect(serverPid).toBeGreaterThan(0);
    await waitFor(() => !isAlive(serverPid!), 3000);
  });
});
