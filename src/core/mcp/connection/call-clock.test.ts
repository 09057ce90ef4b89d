import type { SdkError } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { CallClock, PersonWaits, nextTimeout } from "./call-clock.js";
import { ManualClock } from "../servers/clock.js";

describe("nextTimeout", () => {
  const base = { timeoutMs: 1000, maxTotalMs: 5000, activeMs: 0, idleMs: 0, waiting: false };
  it.each([
    ["fresh call", {}, { kind: "running", fireInMs: 1000, reason: "idle" }],
    [
      "part of the idle window gone",
      { activeMs: 400, idleMs: 400 },
      { kind: "running", fireInMs: 600, reason: "idle" },
    ],
    [
      "the total cap nearer than the idle timeout",
      { activeMs: 4500, idleMs: 100 },
      { kind: "running", fireInMs: 500, reason: "total" },
    ],
    ["past both", { activeMs: 6000, idleMs: 2000 }, { kind: "running", fireInMs: 0, reason: "total" }],
    ["a person is answering", { waiting: true, activeMs: 999, idleMs: 999 }, { kind: "paused" }],
  ] as const)("%s", (_name, s, want) => {
    expect(nextTimeout({ ...base, ...s })).toEqual(want);
  });
});

describe("CallClock", () => {
  function setup(o: { timeoutMs?: number; maxTotalMs?: number } = {}) {
    const clock = new ManualClock();
    const waits = new PersonWaits();
    const c = new CallClock({
      timeoutMs: o.timeoutMs ?? 1000,
      maxTotalMs: o.maxTotalMs ?? 10_000,
      waits,
      clock,
    });
    const reason = () => (c.signal.aborted ? (c.signal.reason as SdkError).message : "running");
    return { clock, waits, c, reason };
  }
  const hold = (waits: PersonWaits) => {
    let answer!: () => void;
    void waits.hold(new Promise<void>((r) => (answer = r)));
    return async () => {
      answer();
      await Promise.resolve();
      await Promise.resolve();
    };
  };

  it("fires at the timeout with the SDK's timeout error", () => {
    const { clock, reason } = setup();
    clock.advance(999);
    expect(reason()).toBe("running");
    clock.advance(1);
    expect(reason()).toBe("Request timed out");
  });

  it("progress starts the idle window again; the total cap still ends the call", () => {
    const { clock, c, reason } = setup({ maxTotalMs: 2500 });
    for (let i = 0; i < 4; i++) {
      clock.advance(800);
      c.progress();
    }
    expect(reason()).toBe("Maximum total timeout exceeded");
  });

  it("stops while a person answers, and gives a whole timeout after the answer", async () => {
    const { clock, waits, reason } = setup({ maxTotalMs: 3000 });
    clock.advance(900);
    const answered = hold(waits);
    expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    expect(reason()).toBe("running");
    await answered();
    expect(clock.pending()).toEqual([1000]);
    clock.advance(999);
    expect(reason()).toBe("running");
    clock.advance(1);
    expect(reason()).toBe("Request timed out");
  });

  it("a person's time does not count against the total cap either", async () => {
    const { clock, waits, c, reason } = setup({ maxTotalMs: 1500 });
    clock.advance(800);
    c.progress();
    const answered = hold(waits);
    clock.advance(10_000);
    await answered();
    // 800 ms of the cap were used before the person was asked: 700 are left.
    expect(clock.pending()).toEqual([700]);
    clock.advance(700);
    expect(reason()).toBe("Maximum total timeout exceeded");
  });

  it("two waits at once: the clock runs again only after both are answered", async () => {
    const { clock, waits } = setup();
    const first = hold(waits);
    const second = hold(waits);
    await first();
    expect(clock.pending()).toEqual([]);
    await second();
    expect(clock.pending()).toEqual([1000]);
  });

  it("the caller's abort passes through with its reason; dispose leaves no timer", () => {
    const clock = new ManualClock();
    const caller = new AbortController();
    const c = new CallClock({
      timeoutMs: 1000,
      maxTotalMs: 5000,
      waits: new PersonWaits(),
      clock,
      signal: caller.signal,
    });
    caller.abort("stop");
    expect([c.signal.aborted, c.signal.reason, clock.pending()]).toEqual([true, "stop", []]);
    const d = new CallClock({ timeoutMs: 1000, maxTotalMs: 5000, waits: new PersonWaits(), clock });
    d.dispose();
    expect(clock.pending()).toEqual([]);
  });
});

describe("CallTimer: the calls of one connection share one timer", () => {
  const setup = () => {
    const clock = new ManualClock();
    const waits = new PersonWaits();
    const call = (timeoutMs: number) => new CallClock({ timeoutMs, maxTotalMs: 100_000, waits, clock });
    return { clock, waits, call };
  };

  it("one timer for many calls, set for the soonest; each call still ends at its own deadline", () => {
    const { clock, call } = setup();
    const [slow, fast, mid] = [call(3000), call(1000), call(2000)];
    expect(clock.pending()).toEqual([1000]);
    clock.advance(1000);
    expect([slow, fast, mid].map((c) => c.signal.aborted)).toEqual([false, true, false]);
    expect(clock.pending()).toEqual([1000]);
    mid.dispose();
    clock.advance(1000);
    expect([slow.signal.aborted, clock.pending()]).toEqual([false, [1000]]);
    clock.advance(1000);
    expect([slow.signal.aborted, clock.pending()]).toEqual([true, []]);
  });

  it("progress moves only its own call's deadline", () => {
    const { clock, call } = setup();
    const [a, b] = [call(1000), call(1000)];
    clock.advance(600);
    a.progress();
    clock.advance(400);
    expect([a.signal.aborted, b.signal.aborted]).toEqual([false, true]);
    clock.advance(599);
    expect(a.signal.aborted).toBe(false);
    clock.advance(1);
    expect(a.signal.aborted).toBe(true);
  });

  it("a person's wait stops every call of the connection; the timer is cleared once no call runs", async () => {
    const { clock, waits, call } = setup();
    const [a, b] = [call(1000), call(2000)];
    let answer!: () => void;
    void waits.hold(new Promise<void>((r) => (answer = r)));
    expect(clock.pending()).toEqual([]);
    clock.advance(5000);
    answer();
    await Promise.resolve();
    await Promise.resolve();
    expect(clock.pending()).toEqual([1000]);
    a.dispose();
    b.dispose();
    expect(clock.pending()).toEqual([]);
  });
});
