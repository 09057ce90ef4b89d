import { describe, expect, it } from "vitest";
import { readPrices } from "./price-settings.js";

const F = "/home/u/.codeagent/settings.json";

describe("readPrices", () => {
  it.each([
    [
      "a full entry",
      { "claude-sonnet-4-5": { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
      { "claude-sonnet-4-5": { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
      [],
    ],
    [
      "input and output only",
      { "ollama:x": { input: 0, output: 0 } },
      { "ollama:x": { input: 0, output: 0 } },
    ],
    [
      "a bad entry is left out, the good one kept",
      { a: { input: 1, output: 2 }, b: { input: "3", output: 1 } },
      { a: { input: 1, output: 2 } },
      [`${F}: prices."b".input must be a number of US dollars per million tokens (0 or more); ignored`],
    ],
    [
      "a missing output",
      { a: { input: 1 } },
      {},
      [`${F}: prices."a": "output" is missing (US dollars per million tokens); ignored`],
    ],
    [
      "a misspelt key",
      { a: { input: 1, output: 2, cache_read: 0.1 } },
      {},
      [`${F}: prices."a": unknown key "cache_read" (known: input, output, cacheRead, cacheWrite); ignored`],
    ],
    [
      "a negative price",
      { a: { input: -1, output: 2 } },
      {},
      [`${F}: prices."a".input must be a number of US dollars per million tokens (0 or more); ignored`],
    ],
    [
      "not an object",
      { a: 3 },
      {},
      [`${F}: prices."a" must be an object like {"input": 3, "output": 15}; ignored`],
    ],
  ])("%s", (_name, v, prices, problems = []) => {
    const found: string[] = [];
    expect(readPrices(v, F, found)).toEqual(prices);
    expect(found).toEqual(problems);
  });

  it("absent is undefined; a list is reported", () => {
    const found: string[] = [];
    expect(readPrices(undefined, F, found)).toBeUndefined();
    expect(readPrices([1], F, found)).toBeUndefined();
    expect(found).toEqual([
      `${F}: "prices" must be an object of model names to {"input", "output", "cacheRead", "cacheWrite"} in US dollars per million tokens; ignored`,
    ]);
  });
});
