import { describe, expect, it } from "vitest";
import { costOf, formatUsd, tokenKinds } from "./cost.js";

describe("tokenKinds", () => {
  it("takes the cached tokens out of the input total", () => {
    expect(
      tokenKinds({ inputTokens: 1000, outputTokens: 50, cacheReadTokens: 800, cacheWriteTokens: 150 }),
    ).toEqual({ input: 50, output: 50, cacheRead: 800, cacheWrite: 150 });
  });
  it("a provider that reports no cache has all input uncached", () => {
    expect(tokenKinds({ inputTokens: 10, outputTokens: 5 })).toEqual({
      input: 10,
      output: 5,
      cacheRead: 0,
      cacheWrite: 0,
    });
  });
});

describe("costOf", () => {
  const sonnet = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
  it.each([
    // [usage, price, dollars]
    [{ inputTokens: 1_000_000, outputTokens: 0 }, sonnet, 3],
    [{ inputTokens: 0, outputTokens: 1_000_000 }, sonnet, 15],
    [{ inputTokens: 1_000_000, outputTokens: 0, cacheReadTokens: 1_000_000 }, sonnet, 0.3],
    [{ inputTokens: 1_000_000, outputTokens: 0, cacheWriteTokens: 1_000_000 }, sonnet, 3.75],
    [
      { inputTokens: 10_000, outputTokens: 1_000, cacheReadTokens: 8_000, cacheWriteTokens: 1_000 },
      sonnet,
      (1_000 * 3 + 1_000 * 15 + 8_000 * 0.3 + 1_000 * 3.75) / 1e6,
    ],
    // Without cache prices, cached tokens cost what input does.
    [{ inputTokens: 2_000_000, outputTokens: 0, cacheReadTokens: 1_000_000 }, { input: 1, output: 2 }, 2],
  ])("%j at %j is $%d", (usage, price, dollars) => {
    expect(costOf(usage, price)).toBeCloseTo(dollars, 12);
  });
});

describe("formatUsd", () => {
  it.each([
    [0, "$0.00"],
    [0.00042, "$0.0004"],
    [0.0123, "$0.01"],
    [1.5, "$1.50"],
    [12.345, "$12.35"],
  ])("%d → %s", (n, s) => expect(formatUsd(n)).toBe(s));
});
