import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LineBatch } from "./log-batch.js";

describe("LineBatch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes the lines of a short span together, in order, once the delay is over", () => {
    const writes: string[] = [];
    const b = new LineBatch((t) => writes.push(t), { maxDelayMs: 50 });
    b.push("a\n");
    vi.advanceTimersByTime(30);
    b.push("b\n");
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(writes).toEqual(["a\nb\n"]);
    b.push("c\n");
    vi.advanceTimersByTime(49);
    expect(writes).toEqual(["a\nb\n"]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(["a\nb\n", "c\n"]);
  });

  it("writes at once when the pending lines reach maxChars", () => {
    const writes: string[] = [];
    const b = new LineBatch((t) => writes.push(t), { maxChars: 6 });
    b.push("abc\n");
    expect(writes).toEqual([]);
    b.push("def\n");
    expect(writes).toEqual(["abc\ndef\n"]);
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual(["abc\ndef\n"]);
  });

  it("writes a line that cannot wait after the lines pending before it", () => {
    const writes: string[] = [];
    const b = new LineBatch((t) => writes.push(t));
    b.push("call 1\n");
    b.now("stopping\n");
    b.now("stopped\n");
    expect(writes).toEqual(["call 1\n", "stopping\n", "stopped\n"]);
  });

  it("writes what is pending on flush (the process exiting), and nothing twice", () => {
    const writes: string[] = [];
    const b = new LineBatch((t) => writes.push(t));
    b.push("last\n");
    b.flush();
    expect(writes).toEqual(["last\n"]);
    vi.advanceTimersByTime(1000);
    b.flush();
    expect(writes).toEqual(["last\n"]);
  });
});
