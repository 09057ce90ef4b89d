import { describe, expect, it } from "vitest";
import { PRICES, priceFor } from "./prices.js";

describe("priceFor", () => {
  const user = {
    "anthropic:claude-sonnet-4-5": { input: 1, output: 2 },
    "my-local": { input: 0, output: 0 },
  };
  it.each([
    // [model, expected row or price, from]
    ["anthropic:claude-sonnet-4-5", { input: 1, output: 2 }, "settings"],
    ["claude-sonnet-4-5", PRICES["claude-sonnet-4-5"], "table"],
    ["anthropic:claude-sonnet-4-5-20250929", PRICES["claude-sonnet-4-5"], "table"],
    ["openai-compatible:my-local", { input: 0, output: 0 }, "settings"],
    ["openai:gpt-5.4-mini", PRICES["gpt-5.4-mini"], "table"],
    ["openai:gpt-5.4-mini-2026-03-01", PRICES["gpt-5.4-mini"], "table"],
    ["openai:gpt-5.4", PRICES["gpt-5.4"], "table"],
    ["openai:GPT-4o", PRICES["gpt-4o"], "table"],
    ["google:gemini-2.5-flash-lite", PRICES["gemini-2.5-flash-lite"], "table"],
    ["google:gemini-2.5-flash-preview-09-2025", PRICES["gemini-2.5-flash"], "table"],
    ["anthropic:claude-opus-4-1-20250805", PRICES["claude-opus-4-1"], "table"],
  ] as const)("%s", (model, price, from) => {
    expect(priceFor(model, user)).toEqual({ price, from });
  });

  it.each(["ollama:qwen2.5-coder", "openai-compatible:scripted", "openai:gpt-5x", "anthropic:claude"])(
    "%s has no price",
    (model) => expect(priceFor(model, user)).toBeUndefined(),
  );

  it("a key with the provider wins over the bare id, for that provider only", () => {
    const both = { "openai:gpt-4o": { input: 9, output: 9 }, "gpt-4o": { input: 1, output: 1 } };
    expect(priceFor("openai:gpt-4o", both)?.price.input).toBe(9);
    expect(priceFor("openai-compatible:gpt-4o", both)?.price.input).toBe(1);
  });

  it("the table's Anthropic rows bill cache writes at 1.25× and reads at 0.1× of input", () => {
    expect(PRICES["claude-sonnet-4-5"]).toEqual({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 });
  });
});
