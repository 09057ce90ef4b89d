// One server's supervisor against real SDK v2 servers paired in memory, time driven by a manual clock: start,
// list, call; the server going away → restarts as the policy says; giving up with the reason; stops.
import { afterEach, describe, expect, it } from "vitest";
import type { ServerDefinition } from "../../config/types.js";
import { isCodeagentError } from "../../errors.js";
import { MemoryServers } from "../../../../test/helpers/memory-server.js";
import { ManualClock } from "./clock.js";
import { STDIO_PROBE_MS } from "../connection/connection.js";
import { ServerLog } from "./logs.js";
import type { ServerState, ServerStatus } from "./state.js";
import { ServerSupervisor } from "./supervisor.js";

const NO_VARIABLES = { env: {}, defines: {}, projectDotenv: {}, userDotenv: {} };

const def: ServerDefinition = {
  name: "mem",
  scope: "user",
  source: "/nowhere/settings.json",
  raw: {},
  warnings: [],
  config: {
    transport: "stdio",
    command: "not-spawned",
    args: [],
    env: {},
    disabled: false,
    startupTimeoutMs: 30_000,
    timeoutMs: 30_000,
    maxTotalTimeoutMs: 300_000,
    maxMessageBytes: 1024 * 1024,
  },
};

interface Rig {
  supervisor: ServerSupervisor;
  servers: MemoryServers;
  clock: ManualClock;
  states: ServerState[];
  session: AbortController;
  /** Resolves once the state is `status` (now or later). */
  until: (status: ServerStatus) => Promise<ServerState>;
}

const rigs: Rig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.supervisor.stop()));
});

function rig(delaysMs = [500, 2000, 5000], servers = new MemoryServers()): Rig {
  const clock = new ManualClock(1_000_000);
  const states: ServerState[] = [];
  const waiters: { status: ServerStatus; resolve: (s: ServerState) => void }[] = [];
  const session = new AbortController();
  const supervisor = new ServerSupervisor({
    def,
    log: new ServerLog("mem", {}),
    setup: { cwd: "/project", transport: servers.transport },
    variables: NO_VARIABLES,
    cache: undefined,
    startup: "eager",
    policy: { delaysMs, stableAfterMs: 60_000 },
    clock,
    signal: session.signal,
    onState: (s) => {
      states.push(s);
      for (const w of waiters.splice(0)) {
        if (w.status === s.status) w.resolve(s);
        else waiters.push(w);
      }
    },
    onLists: () => undefined,
  });
  const until = (status: ServerStatus) => {
    const now = supervisor.snapshot().state;
    if (now.status === status) return Promise.resolve(now);
    return new Promise<ServerState>((resolve) => waiters.push({ status, resolve }));
  };
  const r = { supervisor, servers, clock, states, session, until };
  rigs.push(r);
  return r;
}

const events = (r: Rig, prefix: string) =>
  r.supervisor.log
    .lines()
    .filter((l) => l.kind === "event" && l.text.startsWith(prefix))
    .map((l) => l.text);

describe("ServerSupervisor with an in-memory server", () => {
  it("starts, lists and calls", async () => {
    const r = rig();
    r.supervisor.start();
    await r.until("ready");
    const s = r.supervisor.snapshot();
    expect(s.state).toEqual({ status: "ready", since: 1_000_000 });
    expect(s.info).toMatchObject({
      era: "modern",
      protocolVersion: "2026-07-28",
      serverInfo: { name: "memory-echo" },
    });
    expect(s.lists.tools.map((t) => t.name)).toEqual(["echo", "add"]);
    const result = await r.supervisor.connection().callTool("add", { a: 2, b: 3 });
    expect(result.content).toEqual([{ type: "text", text: "5" }]);
    expect(r.states.map((x) => x.status)).toEqual(["starting", "ready"]);
  });

  it("a server that goes away is restarted after the policy's delay, not before, and serves again", async () => {
    const r = rig();
    r.supervisor.start();
    await r.until("ready");
    await r.servers.closeLatest();
    const failed = await r.until("failed");
    expect(failed).toEqual({
      status: "failed",
      error: { code: "CONNECTION_CLOSED", message: "the connection to the server was lost" },
      at: 1_000_000,
    });
    expect(events(r, "restarting")).toEqual(["restarting in 500 ms (attempt 1 of 3)"]);
    expect(() => r.supervisor.connection()).toThrow(/failed: the connection to the server was lost/);
    r.clock.advance(499);
    expect(r.servers.connections).toBe(1);
    r.clock.advance(1);
    expect(r.supervisor.snapshot().state).toEqual({ status: "starting", since: 1_000_500, attempt: 1 });
    await r.until("ready");
    expect(r.servers.connections).toBe(2);
    const result = await r.supervisor.connection().callTool("echo", { text: "back" });
    expect(result.content).toEqual([{ type: "text", text: "back" }]);
  });

  it("backs off over failed restarts and gives up after the last, saying why and what to do", async () => {
    const servers = new MemoryServers();
    servers.then = "die-on-start";
    const r = rig([500, 2000], servers);
    servers.plan.push("serve");
    r.supervisor.start();
    await r.until("ready");
    await servers.closeLatest();
    await r.until("failed");
    r.clock.advance(500);
    await r.until("starting");
    await r.until("failed");
    expect(events(r, "restarting")).toEqual([
      "restarting in 500 ms (attempt 1 of 2)",
      "restarting in 2000 ms (attempt 2 of 2)",
    ]);
    r.clock.advance(2000);
    await r.until("starting");
    await r.until("failed");
    // The failure of the last attempt, then the same failure with the policy's reason added.
    expect(r.states.slice(-2).map((s) => s.status)).toEqual(["failed", "failed"]);
    const last = r.supervisor.snapshot().state;
    expect(last.status === "failed" && last.error.message).toMatch(
      /\(gave up after 2 restarts; \/mcp refresh mem to try again\)$/,
    );
    expect(r.clock.pending()).toEqual([]);
    expect(servers.connections).toBe(3);
  });

  it("a crash after a stable run gets a fresh set of attempts", async () => {
    const r = rig([500]);
    r.supervisor.start();
    await r.until("ready");
    await r.servers.closeLatest();
    await r.until("failed");
    r.clock.advance(500);
    await r.until("ready");
    r.clock.advance(60_001);
    await r.servers.closeLatest();
    await r.until("failed");
    expect(events(r, "restarting")).toEqual([
      "restarting in 500 ms (attempt 1 of 1)",
      "restarting in 500 ms (attempt 1 of 1)",
    ]);
  });

  it("a start past startupTimeoutMs fails naming the setting, on the injected clock", async () => {
    const servers = new MemoryServers();
    servers.then = "hang";
    const r = rig([500], servers);
    r.supervisor.start();
    await r.until("starting");
    while (r.clock.pending().length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(r.clock.pending()).toEqual([30_000]);
    const started = Date.now();
    r.clock.advance(30_000);
    const failed = await r.until("failed");
    // At once, not when the SDK's own probe timer (STDIO_PROBE_MS, real time) would end the silent probe.
    expect(Date.now() - started).toBeLessThan(STDIO_PROBE_MS / 2);
    expect(failed.status === "failed" && failed.error).toEqual({
      code: "STARTUP_TIMEOUT",
      message:
        'did not finish starting within 30 s; raise "startupTimeoutMs" (mcpServers.mem in /nowhere/settings.json) if it is just slow',
    });
    // A failed first start waits for a refresh.
    expect(r.clock.pending()).toEqual([]);
  });

  it("stopping cancels a pending restart; an ended session never respawns", async () => {
    const r = rig();
    r.supervisor.start();
    await r.until("ready");
    await r.servers.closeLatest();
    await r.until("failed");
    expect(r.clock.pending()).toEqual([500]);
    await r.supervisor.stop();
    expect(r.clock.pending()).toEqual([]);

    const r2 = rig();
    r2.supervisor.start();
    await r2.until("ready");
    r2.session.abort();
    await r2.servers.closeLatest();
    await new Promise((resolve) => setImmediate(resolve));
    expect(r2.clock.pending()).toEqual([]);
    expect(r2.supervisor.snapshot().state.status).toBe("ready");
    expect(
      isCodeagentError(
        catchError(() => r2.supervisor.connection()),
        "SERVER_UNAVAILABLE",
      ),
    ).toBe(true);
  });

  it("a 2026-07-28-only server reaches ready too", async () => {
    const r = rig([500], new MemoryServers(undefined, "reject"));
    r.supervisor.start();
    await r.until("ready");
    expect(r.supervisor.snapshot().info?.era).toBe("modern");
  });
});

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}
