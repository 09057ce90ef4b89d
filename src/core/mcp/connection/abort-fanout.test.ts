import { afterEach, describe, expect, it } from "vitest";
import { onAbort } from "./abort-fanout.js";
import { CallClock, PersonWaits } from "./call-clock.js";

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
process.on("warning", onWarning);
afterEach(() => {
  warnings.length = 0;
});

/** Node emits process warnings on the next tick. */
const tick = () => new Promise((r) => setImmediate(r));

describe("onAbort", () => {
  it("tells every watcher once, but not one that stopped watching", () => {
    const ac = new AbortController();
    const seen: number[] = [];
    const stops = [0, 1, 2].map((i) => onAbort(ac.signal, () => seen.push(i)));
    stops[1]?.();
    ac.abort();
    ac.abort();
    expect(seen).toEqual([0, 2]);
  });

  it("a later signal is watched afresh, and a watcher added after the abort is not called", () => {
    const a = new AbortController();
    const seen: string[] = [];
    onAbort(a.signal, () => seen.push("a"));
    a.abort();
    onAbort(a.signal, () => seen.push("late"));
    const b = new AbortController();
    onAbort(b.signal, () => seen.push("b"));
    b.abort();
    expect(seen).toEqual(["a", "b"]);
  });

  it("100 calls on one caller signal print no MaxListenersExceededWarning, and all stop on its abort", async () => {
    const ac = new AbortController();
    const waits = new PersonWaits();
    const clocks = Array.from(
      { length: 100 },
      () => new CallClock({ timeoutMs: 60_000, maxTotalMs: 600_000, waits, signal: ac.signal }),
    );
    await tick();
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
    ac.abort(new Error("user stop"));
    expect(clocks.every((c) => c.signal.aborted && (c.signal.reason as Error).message === "user stop")).toBe(
      true,
    );
  });

  it("a finished call stops watching the caller's signal", () => {
    const ac = new AbortController();
    const clock = new CallClock({
      timeoutMs: 60_000,
      maxTotalMs: 600_000,
      waits: new PersonWaits(),
      signal: ac.signal,
    });
    clock.dispose();
    ac.abort();
    expect(clock.signal.aborted).toBe(false);
  });
});
