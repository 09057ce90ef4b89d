import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Coalescer, nextRunAt } from "./coalesce.js";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const timing = { quietMs: 50, maxWaitMs: 1000 };

describe("nextRunAt", () => {
  it.each([
    { name: "a single request waits for quiet", firstAt: 0, lastAt: 0, expected: 50 },
    { name: "each new request pushes the run back", firstAt: 0, lastAt: 400, expected: 450 },
    { name: "a storm that never stops still runs after maxWaitMs", firstAt: 0, lastAt: 990, expected: 1000 },
    { name: "long past maxWaitMs: at once", firstAt: 0, lastAt: 5000, expected: 1000 },
  ])("$name", ({ firstAt, lastAt, expected }) => {
    expect(nextRunAt(firstAt, lastAt, timing)).toBe(expected);
  });
});

/** Requests `key` every `everyMs` for `count` times, advancing fake time between them. */
async function storm<K>(c: Coalescer<K>, key: K, count: number, everyMs: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    c.request(key);
    await vi.advanceTimersByTimeAsync(everyMs);
  }
}

describe("Coalescer", () => {
  it("runs a storm of 500 requests once", async () => {
    const runs: string[][] = [];
    const c = new Coalescer<string>(async (keys) => void runs.push([...keys].sort()), timing);
    await storm(c, "tools", 500, 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([["tools"]]);
  });

  it("a storm that outlasts a slow run costs one run in flight plus one after it", async () => {
    const runs: string[][] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const c = new Coalescer<string>(async (keys) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      runs.push([...keys].sort());
      await new Promise((r) => setTimeout(r, 200));
      inFlight--;
    }, timing);
    // 10 requests, a pause long enough for the first run to start, then 490 more during it and after it.
    await storm(c, "tools", 10, 1);
    await vi.advanceTimersByTimeAsync(60);
    await storm(c, "prompts", 490, 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect({ runs, maxInFlight }).toEqual({ runs: [["tools"], ["prompts"]], maxInFlight: 1 });
  });

  it("a storm longer than maxWaitMs refreshes once per maxWaitMs", async () => {
    const at: number[] = [];
    const start = Date.now();
    const c = new Coalescer<string>(async () => void at.push(Date.now() - start), timing);
    await storm(c, "tools", 2500, 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(at).toEqual([1000, 2000, 2549]);
  });

  it("keeps going after a failed run", async () => {
    const runs: number[] = [];
    const c = new Coalescer<number>(async (keys) => {
      runs.push(...keys);
      throw new Error("boom");
    }, timing);
    c.request(1);
    await vi.advanceTimersByTimeAsync(50);
    c.request(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toEqual([1, 2]);
  });

  it("is idle at once when nothing was requested, and after clear() runs nothing", async () => {
    const runs: number[][] = [];
    const c = new Coalescer<number>(async (keys) => void runs.push([...keys]), timing);
    const settled: string[] = [];
    await c.idle().then(() => settled.push("nothing requested"));
    c.request(1);
    const idle = c.idle().then(() => settled.push("cleared"));
    c.clear();
    await idle;
    await vi.advanceTimersByTimeAsync(100);
    expect({ settled, runs }).toEqual({ settled: ["nothing requested", "cleared"], runs: [] });
  });
});
