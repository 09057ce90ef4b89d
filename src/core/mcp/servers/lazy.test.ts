import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.js";
import { IdleWatch, resolveStartup, startupModeOf, staysIdle, type CacheFacts } from "./lazy.js";

describe("startupModeOf", () => {
  it.each([
    [undefined, undefined, false, "eager"],
    [undefined, "lazy", false, "lazy"],
    ["eager", "lazy", false, "eager"],
    ["lazy", "eager", false, "lazy"],
    ["lazy", "lazy", true, "eager"],
  ] as const)("entry %s, session %s, forced %s → %s", (entry, session, force, want) => {
    expect(startupModeOf(entry, session, force)).toBe(want);
  });
});

describe("staysIdle", () => {
  const now = 1_000_000;
  const base: CacheFacts = { mode: "lazy", cached: {}, wanted: false, now };
  const hint = (ttlMs: number, receivedAt: number) => ({
    tools: { ttlMs, receivedAt, scope: "private" as const },
  });
  it.each<[string, Partial<CacheFacts>, boolean]>([
    ["lazy with a cache without hints", {}, true],
    ["eager", { mode: "eager" }, false],
    ["no cache", { cached: undefined }, false],
    ["a use is waiting", { wanted: true }, false],
    ["cache fresh by its hint", { cached: { hints: hint(60_000, now - 1000) } }, true],
    ["cache stale by its hint", { cached: { hints: hint(1000, now - 60_000) } }, false],
  ])("%s", (_label, facts, want) => {
    expect(staysIdle({ ...base, ...facts })).toBe(want);
  });
});

describe("resolveStartup", () => {
  it("is lazy by default, takes either mode, and names the file of a bad value", () => {
    expect(resolveStartup(undefined)).toEqual({ ok: true, mode: "lazy" });
    expect(resolveStartup({ value: "eager", from: "/s.json" })).toEqual({ ok: true, mode: "eager" });
    expect(resolveStartup({ value: "later", from: "/s.json" })).toEqual({
      ok: false,
      message: '"startup" in /s.json must be "lazy" or "eager", got "later"',
    });
  });
});

describe("IdleWatch", () => {
  it("fires after the timeout without a use, never under a use, and counts from the last release", () => {
    const clock = new ManualClock();
    let fired = 0;
    const w = new IdleWatch(clock, 1000, () => fired++);
    w.arm();
    clock.advance(999);
    expect(fired).toBe(0);
    const release = w.hold();
    clock.advance(5000);
    expect(fired).toBe(0);
    release();
    release(); // a second release changes nothing
    clock.advance(999);
    expect(fired).toBe(0);
    clock.advance(1);
    expect(fired).toBe(1);
  });

  it("never fires without a timeout, nor after cancel", () => {
    const clock = new ManualClock();
    let fired = 0;
    const none = new IdleWatch(clock, undefined, () => fired++);
    none.arm();
    const w = new IdleWatch(clock, 10, () => fired++);
    w.arm();
    w.cancel();
    clock.advance(1000);
    expect(fired).toBe(0);
    expect(clock.pending()).toEqual([]);
  });
});
