import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { CodeagentError } from "../../errors.js";
import type { Env } from "../../paths.js";
import { childEnv } from "./child-env.js";
import { isAlive } from "./process-tree.js";
import { RECENT_ENTRIES } from "./recent-output.js";
import { StdioTransport, type StdioTransportOptions } from "./transport.js";

const SERVERS = fileURLToPath(new URL("../../../../test/fixtures/servers/", import.meta.url));
/** Long enough that only a crash, never the SDK's timeout, can end a call. */
const NO_TIMEOUT = { timeout: 600_000 };

interface Harness {
  transport: StdioTransport;
  client: Client;
  events: string[];
  stderr: string[];
  errors: Error[];
  closes: () => number;
  /** Resolves once the server wrote `line` to stderr (at once if it already did). */
  stderrLine: (line: string) => Promise<void>;
}

const harnesses: Harness[] = [];
const strayPids: number[] = [];
const tmpDirs: string[] = [];

afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.transport.close()));
  for (const pid of strayPids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone, as it should be
    }
  }
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function harness(
  fixture: string,
  o: { env?: Record<string, string>; parentEnv?: Env } & Partial<StdioTransportOptions> = {},
): Harness {
  const events: string[] = [];
  const stderr: string[] = [];
  const errors: Error[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  let closes = 0;
  const transport = new StdioTransport({
    command: process.execPath,
    args: [join(SERVERS, fixture)],
    ...o,
    env: childEnv(o.parentEnv ?? process.env, o.env ?? {}),
    onEvent: (t) => events.push(t),
    onStderrLine: (l) => {
      stderr.push(l);
      for (const w of waiters.filter((w) => w.line === l)) w.resolve();
    },
  });

  transport.onclose = () => closes++;
  const client = new Client({ name: "codeagent-test", version: "0.0.0" });
  // The client sees the transport's errors too (the SDK chains them) and its own protocol errors.
  client.onerror = (e) => errors.push(e);
  const stderrLine = (line: string) =>
    stderr.includes(line)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ line, resolve }));
  const h = { transport, client, events, stderr, errors, closes: () => closes, stderrLine };
  harnesses.push(h);
  return h;
}

async function connected(fixture: string, o: Parameters<typeof harness>[1] = {}): Promise<Harness> {
  const h = harness(fixture, o);
  await h.client.connect(h.transport, NO_TIMEOUT);
  return h;
}

function text(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content.map((c) => c.text ?? "").join("");
}

async function gone(pid: number | undefined, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pid !== undefined && isAlive(pid) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  return pid !== undefined && !isAlive(pid);
}

describe("StdioTransport with the SDK client", () => {
  it("connects, lists and calls tools, reads a resource and a prompt, then closes cleanly", async () => {
    const h = await connected("echo.mjs");
    const pid = h.transport.pid;
    const tools = await h.client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual([
      "add",
      "big",
      "echo",
      "env",
      "fail",
      "progress",
      "sleep",
    ]);
    expect(await h.client.callTool({ name: "echo", arguments: { text: "héllo ✓" } })).toEqual({
      content: [{ type: "text", text: "héllo ✓" }],
    });
    expect(text(await h.client.callTool({ name: "add", arguments: { a: 2, b: 40 } }))).toBe("42");
    expect(await h.client.callTool({ name: "fail", arguments: { message: "no such file" } })).toEqual({
      isError: true,
      content: [{ type: "text", text: "no such file" }],
    });
    expect((await h.client.readResource({ uri: "echo://hello" })).contents).toEqual([
      { uri: "echo://hello", mimeType: "text/plain", text: "hello" },
    ]);
    expect((await h.client.getPrompt({ name: "greet", arguments: { name: "Ada" } })).messages).toEqual([
      { role: "user", content: { type: "text", text: "Hello, Ada!" } },
    ]);
    expect(h.events[0]).toBe(`spawned pid ${pid}: ${process.execPath} ${join(SERVERS, "echo.mjs")}`);

    await h.transport.close();
    await h.transport.close();
    expect({ closes: h.closes(), reason: h.transport.closeReason(), errors: h.errors }).toEqual({
      closes: 1,
      reason: undefined,
      errors: [],
    });
    expect(h.transport.exitInfo()).toEqual({ code: 0, signal: null });
    expect(await gone(pid)).toBe(true);
    await expect(h.client.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toThrow();
    await expect(h.transport.send({ jsonrpc: "2.0", method: "ping", id: 99 })).rejects.toMatchObject({
      code: "CONNECTION_CLOSED",
    });
  });

  it("delivers progress notifications and a 1 MiB result intact", async () => {
    const h = await connected("echo.mjs");
    const progress: number[] = [];
    const done = await h.client.callTool(
      { name: "progress", arguments: { steps: 5, intervalMs: 0 } },
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    expect({ progress, text: text(done), errors: h.errors }).toEqual({
      progress: [1, 2, 3, 4, 5],
      text: "done 5 steps",
      errors: [] as Error[],
    });

    const unit = "0123456789abcdefghijklmnopqrstuvwxyzé✓\n";
    const expected = unit.repeat(Math.ceil((1024 * 1024) / unit.length)).slice(0, 1024 * 1024);
    const big = text(await h.client.callTool({ name: "big", arguments: { kb: 1024 } }));
    expect(big.length).toBe(1024 * 1024);
    expect(big === expected).toBe(true);
  });

  it("skips and reports junk on stdout, CRLF frames included, and keeps working", async () => {
    const h = await connected("noisy-stdout.mjs");
    expect(text(await h.client.callTool({ name: "echo", arguments: { text: "one" } }))).toBe("one");
    expect(text(await h.client.callTool({ name: "echo", arguments: { text: "two" } }))).toBe("two");
    expect(h.events.filter((e) => e.startsWith("skipped"))).toEqual([
      "skipped non-JSON stdout line: Server v1.0 started",
      "skipped non-JSON stdout line: ✔ listening on stdio",
      "skipped non-JSON stdout line: ╭────────────╮",
      "skipped non-JSON stdout line: │ noisy v1.0 │",
      "skipped non-JSON stdout line: ╰────────────╯",
      'skipped non-JSON-RPC stdout line: {"level":"info","msg":"booted"}',
      "skipped non-JSON stdout line: {not json",
      "skipped non-JSON stdout line: [noisy] about to send frame 1",
      "skipped non-JSON stdout line: [noisy] about to send frame 2",
      "skipped non-JSON stdout line: [noisy] about to send frame 3",
    ]);
    expect(h.errors).toEqual([]);
  });

  it("drains a flood of stderr without deadlock, line by line, and keeps only the last lines for an exit error", async () => {
    const h = await connected("flood-stderr.mjs");
    expect(text(await h.client.callTool({ name: "echo", arguments: { text: "still here" } }))).toBe(
      "still here",
    );
    // The server's stderr writes are queued (pipes are asynchronous in Node), so the answer on stdout can come
    // long before the flood is through; the marker after it proves every flood line was read.
    await h.stderrLine("echoed still here");
    await h.transport.close();
    const floods = h.stderr.filter((l) => l.startsWith("flood "));
    expect(h.stderr.filter((l) => !l.startsWith("flood "))).toEqual(["ready", "echoed still here"]);
    expect(floods.length).toBeGreaterThan(50_000);
    // Every line arrives, whole and in order: the first one out of place would show here.
    expect(floods.findIndex((l, i) => l !== `flood ${i + 1} ${"x".repeat(80)}`)).toBe(-1);
    expect(h.transport.recentOutput()).toEqual(
      h.stderr.slice(-RECENT_ENTRIES).map((text) => ({ from: "stderr", text })),
    );
  });

  it("reports a server that exits at once as SERVER_EXITED with its stderr", async () => {
    const h = harness("exit-immediately.mjs");
    await expect(h.client.connect(h.transport, NO_TIMEOUT)).rejects.toThrow();
    const reason = h.transport.closeReason();
    expect(reason).toBeInstanceOf(CodeagentError);
    expect({ code: reason?.code, message: reason?.message }).toEqual({
      code: "SERVER_EXITED",
      message: "exited with code 1: FATAL: API key missing (last stderr line)",
    });
    expect(h.transport.exitInfo()).toEqual({ code: 1, signal: null });
    expect(h.transport.recentOutput()).toEqual([{ from: "stderr", text: "FATAL: API key missing" }]);
    expect(h.closes()).toBe(1);
  });

  it("quotes a last message read only as stdout ends, which the client notes a few promise turns later", async () => {
    const h = harness("says-and-exits.sh", {
      command: "sh",
      env: { NO_NEWLINE: "1", EXIT_MESSAGE: "Error: Invalid AccountSid" },
    });
    // What the host's client does with a request it has no method for (connection/unknown-messages.ts).
    h.client.fallbackRequestHandler = async (request) => {
      h.transport.noteMessage(request.method, String(request.params?.message));
      throw Object.assign(new Error("Method not found"), { code: -32601 });
    };
    let atClose: string | undefined;
    h.transport.onclose = () => (atClose = h.transport.closeReason()?.message);
    // A cached 2025 verdict: the client listens from the first byte (no version probe holds the transport).
    await expect(
      h.client.connect(h.transport, { ...NO_TIMEOUT, prior: { kind: "legacy" } }),
    ).rejects.toThrow();
    expect(atClose).toBe('exited with code 1: Error: Invalid AccountSid (last "log" message on stdout)');
  });

  it("strips ANSI from the exit reason and honours EXIT_CODE", async () => {
    const h = harness("exit-immediately.mjs", {
      env: { EXIT_CODE: "7", EXIT_MESSAGE: "\u001b[31mError:\u001b[0m GITHUB_TOKEN is not set" },
    });
    await expect(h.client.connect(h.transport, NO_TIMEOUT)).rejects.toThrow();
    expect(h.transport.closeReason()?.message).toBe(
      "exited with code 7: Error: GITHUB_TOKEN is not set (last stderr line)",
    );
  });

  it("fails an in-flight call as soon as the server crashes", async () => {
    const h = await connected("crash-on-call.mjs");
    const pid = h.transport.pid;
    await expect(h.client.callTool({ name: "crash", arguments: {} }, NO_TIMEOUT)).rejects.toThrow(
      /Connection closed/,
    );
    expect({ code: h.transport.closeReason()?.code, message: h.transport.closeReason()?.message }).toEqual({
      code: "SERVER_EXITED",
      message: "exited with code 3: ready | boom (last stderr lines)",
    });
    expect(h.transport.exitInfo()).toEqual({ code: 3, signal: null });
    expect(h.closes()).toBe(1);
    expect(await gone(pid)).toBe(true);
  });

  it("fails a call that is waiting when the server crashes later", async () => {
    const h = await connected("crash-on-call.mjs");
    const call = h.client.callTool({ name: "slow_then_crash", arguments: { ms: 200 } }, NO_TIMEOUT);
    await expect(call).rejects.toThrow(/Connection closed/);
    expect(h.transport.closeReason()?.code).toBe("SERVER_EXITED");
  });

  it("fails with MESSAGE_TOO_LARGE past maxMessageBytes and ends the server", async () => {
    const h = await connected("huge-message.mjs", {
      maxMessageBytes: 1024 * 1024,
      env: { HUGE_BYTES: String(3 * 1024 * 1024) },
    });
    const pid = h.transport.pid;
    await expect(h.client.callTool({ name: "huge", arguments: {} }, NO_TIMEOUT)).rejects.toThrow(
      /Connection closed/,
    );
    const message =
      "server sent a message larger than 1 MiB (maxMessageBytes); raise maxMessageBytes in the server config";
    expect(h.errors.map((e) => [(e as CodeagentError).code, e.message])).toEqual([
      ["MESSAGE_TOO_LARGE", message],
    ]);
    expect(h.transport.closeReason()?.message).toBe(message);
    expect(await gone(pid)).toBe(true);
  });

  it("enforces the default 32 MiB cap on a 40 MiB tools/list answer", async () => {
    const h = await connected("huge-message.mjs", { env: { HUGE_ON_LIST: "1" } });
    await expect(h.client.listTools(undefined, NO_TIMEOUT)).rejects.toThrow(/Connection closed/);
    expect(h.transport.closeReason()?.code).toBe("MESSAGE_TOO_LARGE");
    expect(h.transport.closeReason()?.message).toMatch(/^server sent a message larger than 32 MiB/);
  });

  it.each([
    { ignoreSigterm: "0", graceMs: 2_000 },
    { ignoreSigterm: "1", graceMs: 300 },
  ])("close() ends grandchildren, detached ones too (ignore SIGTERM: $ignoreSigterm)", async (c) => {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-gc-"));
    tmpDirs.push(dir);
    const pidFile = join(dir, "pids.json");
    const h = await connected("grandchild.mjs", {
      killGraceMs: c.graceMs,
      env: { GRANDCHILD_PID_FILE: pidFile, GRANDCHILD_IGNORE_SIGTERM: c.ignoreSigterm },
    });
    const pids = JSON.parse(readFileSync(pidFile, "utf8")) as { child: number; detached: number };
    strayPids.push(pids.child, pids.detached);
    const all = [h.transport.pid, pids.child, pids.detached];
    expect(all.map((p) => p !== undefined && isAlive(p))).toEqual([true, true, true]);
    await h.transport.close();
    expect(all.map((p) => p !== undefined && isAlive(p))).toEqual([false, false, false]);
    expect(h.transport.closeReason()).toBeUndefined();
  });

  it("ends the rest of the process group when the server is killed from outside", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-gc-"));
    tmpDirs.push(dir);
    const pidFile = join(dir, "pids.json");
    const h = await connected("grandchild.mjs", { env: { GRANDCHILD_PID_FILE: pidFile } });
    const pids = JSON.parse(readFileSync(pidFile, "utf8")) as { child: number; detached: number };
    strayPids.push(pids.child, pids.detached);
    process.kill(h.transport.pid!, "SIGKILL");
    await expect(h.client.callTool({ name: "echo", arguments: { text: "x" } }, NO_TIMEOUT)).rejects.toThrow();
    expect(h.transport.closeReason()?.message).toBe("was killed by signal SIGKILL: ready (last stderr line)");
    expect(await gone(pids.child)).toBe(true);
  });

  it("does not leak the parent's secrets into the server", async () => {
    const parentEnv = { ...process.env, OPENAI_API_KEY: "sk-parent-secret", NODE_OPTIONS: "--no-warnings" };
    const h = await connected("echo.mjs", { parentEnv, env: { SERVER_TOKEN: "configured" } });
    const env = async (name: string) => text(await h.client.callTool({ name: "env", arguments: { name } }));
    expect([
      await env("OPENAI_API_KEY"),
      await env("NODE_OPTIONS"),
      await env("SERVER_TOKEN"),
      await env("PATH"),
    ]).toEqual(["<unset>", "<unset>", "configured", process.env.PATH]);
  });

  it("escalates to SIGTERM for a server that ignores stdin closing", async () => {
    const h = harness("hang-initialize.mjs", { killGraceMs: 400 });
    await h.transport.start();
    const pid = h.transport.pid;
    await h.transport.close();
    expect(h.events).toContain("still running 200 ms after stdin closed; sending SIGTERM");
    expect(h.transport.exitInfo()).toEqual({ code: null, signal: "SIGTERM" });
    expect({ alive: pid !== undefined && isAlive(pid), closes: h.closes() }).toEqual({
      alive: false,
      closes: 1,
    });
  });

  it.each([
    {
      name: "a missing command",
      command: "codeagent-no-such-server",
      cwd: undefined,
      message:
        'command not found: codeagent-no-such-server (check "command" in the server config; searched PATH=/nonexistent/bin)',
    },
    {
      name: "a file that is not executable",
      command: join(SERVERS, "echo.mjs"),
      cwd: undefined,
      message: `permission denied: ${join(SERVERS, "echo.mjs")} is not an executable file (check "command" in the server config)`,
    },
    {
      name: "a missing working directory",
      command: process.execPath,
      cwd: "/nonexistent/dir",
      message: 'working directory not found: /nonexistent/dir (check "cwd" in the server config)',
    },
  ])("rejects start() with SPAWN_FAILED for $name", async ({ command, cwd, message }) => {
    let closes = 0;
    const t = new StdioTransport({
      command,
      args: [],
      env: { PATH: "/nonexistent/bin" },
      ...(cwd && { cwd }),
    });
    t.onclose = () => closes++;
    const error = await t.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CodeagentError);
    expect({ code: (error as CodeagentError).code, message: (error as CodeagentError).message }).toEqual({
      code: "SPAWN_FAILED",
      message,
    });
    expect(t.closeReason()).toBe(error);
    await new Promise((r) => setTimeout(r, 50));
    expect(closes).toBe(0);
    await t.close();
  });
});
