// withServers and signals: the running command winds down (tells its server) before the servers are shut
// down; a second signal, or one during start-up, shuts down at once. The host is a recording stand-in.
import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "./context.js";
import { Interrupted, withServers } from "./session.js";

const events: string[] = [];
afterEach(() => {
  events.length = 0;
});

function context(start: () => Promise<void> = async () => undefined): CliContext {
  const host = {
    manager: {},
    start: async () => {
      events.push("start");
      await start();
    },
    close: async () => {
      events.push("close");
    },
  };
  return { createHost: async () => host } as unknown as CliContext;
}

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Emits `signal` once the command has started (listeners run as for a real signal, none is sent). */
async function interrupt(signal: NodeJS.Signals, times = 1) {
  await tick(20);
  for (let i = 0; i < times; i++) process.emit(signal, signal);
}

describe("withServers on a signal", () => {
  it("lets the running command tell its server before the servers are shut down, then reports the signal", async () => {
    const run = withServers(context(), {}, async (_m, signal) => {
      events.push("run");
      await aborted(signal);
      await tick(50); // an async cancel request on its way out
      events.push("told the server");
      return "finished anyway";
    });
    void interrupt("SIGINT");
    const err = await run.catch((e: unknown) => e);
    expect([err instanceof Interrupted, (err as Interrupted).exitCode]).toEqual([true, 130]);
    expect(events).toEqual(["start", "run", "told the server", "close"]);
  });

  it("a second signal shuts down without waiting for the command", async () => {
    const run = withServers(context(), {}, async (_m, signal) => {
      events.push("run");
      await aborted(signal);
      await new Promise(() => undefined); // a cancel that never comes back
    });
    void interrupt("SIGTERM", 2);
    const err = await run.catch((e: unknown) => e);
    expect([err instanceof Interrupted, (err as Interrupted).exitCode]).toEqual([true, 143]);
    expect(events).toEqual(["start", "run", "close"]);
  });

  it("a signal during start-up shuts down at once and never runs the command", async () => {
    let release = () => undefined as void;
    const starting = new Promise<void>((r) => (release = r));
    const run = withServers(
      context(() => starting),
      {},
      async () => {
        events.push("run");
      },
    );
    void interrupt("SIGINT");
    const err = await run.catch((e: unknown) => e);
    release();
    await tick(20);
    expect([err instanceof Interrupted, events]).toEqual([true, ["start", "close"]]);
  });

  it("without a signal returns what the command returned and shuts down", async () => {
    const out = await withServers(context(), {}, async () => {
      events.push("run");
      return 42;
    });
    expect([out, events]).toEqual([42, ["start", "run", "close"]]);
  });
});
