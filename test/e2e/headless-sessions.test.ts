// `codeagent -p` as scripts use it: positional and piped prompts, the JSON and stream-json outputs with
// usage and session id, and sessions that `--continue` / `--resume ID` pick up — the built CLI against the
// scripted model server in both wire formats.
import { spawn } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { ROOT, sandbox, type Sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

type Wire = "openai" | "anthropic";

async function setup(script: Script, wire: Wire = "openai") {
  const sb = sandbox();
  model = await startModelServer(script);
  const m = model;
  const flags =
    wire === "openai"
      ? ["--model", "openai-compatible:scripted", "--base-url", `${m.url}/v1`]
      : ["--model", "anthropic:claude-sonnet-4-5"];
  const env: Record<string, string> =
    wire === "anthropic" ? { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: `${m.url}/v1` } : {};
  const cli = (args: string[], opts: Parameters<typeof runCli>[2] = {}) =>
    runCli(sb, [...args, ...flags, "--strict-mcp-config"], { ...opts, env: { ...env, ...opts.env } });
  return { sb, model: m, cli };
}

const sessionsDir = (sb: Sandbox) => join(sb.env.CODEAGENT_HOME as string, "sessions");

describe.each<Wire>(["openai", "anthropic"])("headless over the %s wire format", (wire) => {
  it("reports Claude Code's result fields, and --resume ID carries the earlier messages", async () => {
    const t = await setup([{ text: "first answer" }, { text: "second answer" }], wire);
    const a = await t.cli(["-p", "remember the word kiwi", "--output-format", "json"]);
    expect(a.code).toBe(0);
    const doc = a.json();
    expect(doc).toEqual({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "first answer",
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      num_turns: 1,
      duration_ms: expect.any(Number),
      duration_api_ms: expect.any(Number),
      // Sonnet 4.5 at $3/$15 per million; the scripted chat-completions model has no price.
      total_cost_usd: wire === "openai" ? null : (10 * 3 + 5 * 15) / 1e6,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
        tool_definition_tokens: expect.any(Number),
      },
      permission_denials: [],
      tool_calls: [],
      model: wire === "openai" ? "openai-compatible:scripted" : "anthropic:claude-sonnet-4-5",
    });
    expect(
      a.stderr.includes("unknown price for openai-compatible:scripted: set prices in settings.json"),
    ).toBe(wire === "openai");
    expect(readdirSync(sessionsDir(t.sb))).toEqual([`${doc.session_id}.jsonl`]);

    const b = await t.cli(["-p", "which word?", "--resume", doc.session_id.slice(0, 8), "--json"]);
    expect(b.code).toBe(0);
    expect(b.json()).toMatchObject({ result: "second answer", session_id: doc.session_id });
    expect(t.model.view(1).user).toEqual(["remember the word kiwi", "which word?"]);
  });
});

describe("codeagent -p usage", () => {
  it("sums every model request of the turn, a task sub-agent's included", async () => {
    const t = await setup([
      { toolCalls: [{ name: "task", args: { description: "look", prompt: "find x" } }] },
      { text: "sub-agent report" },
      { text: "parent answer" },
    ]);
    const r = await t.cli(["-p", "delegate", "--json"]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      result: "parent answer",
      usage: { input_tokens: 30, output_tokens: 15, tool_definition_tokens: expect.any(Number) },
    });
  });
});

describe("codeagent -p prompt sources", () => {
  it("takes piped stdin as the prompt when PROMPT is absent, and appends it to PROMPT otherwise", async () => {
    const t = await setup([{ text: "a" }, { text: "b" }, { text: "c" }]);
    expect((await t.cli(["-p"], { input: "what is 2+2?\n" })).code).toBe(0);
    expect((await t.cli(["-p", "summarize"], { input: "line one\nline two\n" })).code).toBe(0);
    expect((await t.cli(["-p", "-"], { input: "dash prompt" })).code).toBe(0);
    expect([0, 1, 2].map((i) => t.model.view(i).user)).toEqual([
      ["what is 2+2?"],
      ["summarize\n\nline one\nline two"],
      ["dash prompt"],
    ]);
  });

  it("reads a file redirected to stdin", async () => {
    const t = await setup([{ text: "ok" }]);
    const file = join(t.sb.dir, "input.txt");
    writeFileSync(file, "file contents here\n");
    // fd 0 is the file itself, as with `codeagent -p "summarize" < input.txt`.
    const fd = openSync(file, "r");
    const child = spawn(
      process.execPath,
      [join(ROOT, "bin", "codeagent.js"), "-p", "summarize", "--strict-mcp-config"].concat([
        "--model",
        "openai-compatible:scripted",
        "--base-url",
        `${t.model.url}/v1`,
      ]),
      { cwd: t.sb.project, env: t.sb.env, stdio: [fd, "pipe", "pipe"] },
    );
    closeSync(fd);
    let stdout = "";
    child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
    const status = await new Promise<number | null>((res) => child.on("close", res));
    const r = { status, stdout };
    expect([r.status, r.stdout]).toEqual([0, "ok\n"]);
    expect(t.model.view(0).user).toEqual(["summarize\n\nfile contents here"]);
  });

  it("a positional prompt with -p works, and no prompt at all is a usage error", async () => {
    const t = await setup([{ text: "pos" }]);
    const r = await t.cli(["-p", "--output-format", "text", "positional words"]);
    expect([r.code, r.stdout]).toEqual([0, "pos\n"]);
    expect(t.model.view(0).user).toEqual(["positional words"]);
    const none = await t.cli(["-p"], { input: "" });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("-p got an empty prompt");
  });
});

describe("codeagent -p sessions", () => {
  it("--continue resumes the most recent session of this project only", async () => {
    const t = await setup([{ text: "one" }, { text: "other" }, { text: "two" }]);
    await t.cli(["-p", "first in project"]);
    const elsewhere = join(t.sb.dir, "elsewhere");
    mkdirSync(elsewhere);
    await t.cli(["-p", "first elsewhere"], { cwd: elsewhere });
    const r = await t.cli(["-p", "--continue", "follow-up", "--json"]);
    expect(r.code).toBe(0);
    expect(t.model.view(2).user).toEqual(["first in project", "follow-up"]);
    expect(readdirSync(sessionsDir(t.sb))).toHaveLength(2);
  });

  it("--continue with no earlier session starts a new one and says so", async () => {
    const t = await setup([{ text: "fresh" }]);
    const r = await t.cli(["-p", "-c", "hello"]);
    expect([r.code, r.stdout]).toEqual([0, "fresh\n"]);
    expect(r.stderr).toContain("no earlier session");
  });

  it("an unknown --resume id is a usage error that names the sessions directory", async () => {
    const t = await setup([]);
    const r = await t.cli(["-p", "x", "--resume", "nope", "--json"]);
    expect(r.code).toBe(2);
    expect(r.json()).toEqual({
      error: {
        code: "SESSION_NOT_FOUND",
        message: `no session "nope" in ${sessionsDir(t.sb)}; none is saved yet`,
      },
    });
  });

  it("a corrupt line is skipped, a call cut off by a kill is answered, and the session goes on", async () => {
    const t = await setup([
      { toolCalls: [{ name: "read_file", args: { path: "a.txt" } }] },
      { text: "read" },
      { text: "resumed fine" },
    ]);
    writeFileSync(join(t.sb.project, "a.txt"), "A\n");
    const a = (await t.cli(["-p", "read a.txt", "--json"])).json();
    const file = join(sessionsDir(t.sb), `${a.session_id}.jsonl`);
    // Drop the last two messages (tool result, answer), as if the process died mid-turn, and add garbage.
    const lines = readFileSync(file, "utf8").trim().split("\n");
    writeFileSync(file, `${lines.slice(0, -2).join("\n")}\n{"type":"message","message":{"ro\n`);
    appendFileSync(file, "not json at all\n");
    const b = await t.cli(["-p", "go on", "--resume", a.session_id]);
    expect([b.code, b.stdout]).toEqual([0, "resumed fine\n"]);
    expect(b.stderr).toContain("2 unreadable line(s) skipped");
    const v = t.model.view(2);
    expect(v.user).toEqual(["read a.txt", "go on"]);
    expect(v.toolResults).toEqual([
      { id: "call_1", text: "not run: the session ended before this call finished", isError: false },
    ]);
  });
});

describe("codeagent -p --output-format stream-json", () => {
  it("prints one JSON event a line: init, assistant (text + tool_use), user (tool_result), result", async () => {
    const t = await setup([
      { text: "Let me look.", toolCalls: [{ name: "list_directory", args: {} }] },
      { text: ["All ", "done."] },
    ]);
    writeFileSync(join(t.sb.project, "x.txt"), "x");
    const r = await t.cli(["-p", "look", "--output-format", "stream-json", "--include-partial-messages"]);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const id = events[0].session_id;
    expect(events.map((e) => `${e.type}${e.subtype ? `/${e.subtype}` : ""}`)).toEqual([
      "system/init",
      "stream_event",
      "assistant",
      "user",
      "stream_event",
      "stream_event",
      "assistant",
      "result/success",
    ]);
    expect(events[0]).toEqual({
      type: "system",
      subtype: "init",
      session_id: id,
      cwd: t.sb.project,
      model: "openai-compatible:scripted",
      tools: expect.arrayContaining(["read_file", "bash"]),
      mcp_servers: [],
      permissionMode: "default",
      resumed: false,
    });
    expect(events[2]).toEqual({
      type: "assistant",
      message: {
        type: "message",
        role: "assistant",
        content: [
          { type: "text", text: "Let me look." },
          { type: "tool_use", id: "call_1", name: "list_directory", input: {} },
        ],
        usage: {
          input_tokens: 10,
          output_tokens: 5,
          cache_read_input_tokens: 0,
          cache_creation_input_tokens: 0,
        },
      },
      parent_tool_use_id: null,
      session_id: id,
    });
    expect(events[3]).toMatchObject({
      type: "user",
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", is_error: false }] },
      parent_tool_use_id: null,
      session_id: id,
    });
    expect(events[4]).toEqual({
      type: "stream_event",
      event: { type: "text_delta", text: "All " },
      session_id: id,
    });
    expect(events.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "All done.",
      num_turns: 2,
      total_cost_usd: null,
      usage: { input_tokens: 20, output_tokens: 10, tool_definition_tokens: expect.any(Number) },
      session_id: id,
      duration_ms: expect.any(Number),
    });
  });
});
