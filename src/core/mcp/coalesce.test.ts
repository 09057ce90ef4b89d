import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Coalescer } from "./coalesce.js";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Coalescer", () => {
  it("runs a burst once, then once more for what arrived during the run", async () => {
    const runs: string[][] = [];
    let release: () => void = () => undefined;
    const c = new Coalescer<string>(async (keys) => {
      runs.push([...keys].sort());
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
    });
    for (let i = 0; i < 1000; i++) c.request(i % 2 === 0 ? "tools" : "prompts");
    await vi.advanceTimersByTimeAsync(50);
    c.request("resources");
    c.request("tools");
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([
      ["prompts", "tools"],
      ["resources", "tools"],
    ]);
  });

  it("keeps going after a failed run", async () => {
    const runs: number[] = [];
    const c = new Coalescer<number>(async (keys) => {
      runs.push(...keys);
      throw new Error("boom");
    });
    c.request(1);
    await vi.advanceTimersByTimeAsync(50);
    c.request(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toEqual([1, 2]);
  });
});
