import { describe, expect, it } from "vitest";
import { costReport, statusCost } from "./cost-text.js";

const session = {
  inputTokens: 52_000,
  outputTokens: 1_500,
  cacheReadTokens: 45_000,
  cacheWriteTokens: 5_000,
};

describe("costReport", () => {
  it("lists tokens by kind and dollars at the model's prices", () => {
    expect(costReport(session, "anthropic:claude-sonnet-4-5")).toBe(
      [
        "Session cost: $0.06 at anthropic:claude-sonnet-4-5's prices ($3 in, $15 out, $0.3 cache read, $3.75 cache write per million tokens)",
        "  input        2,000 tokens  $0.0060",
        "  cache read  45,000 tokens  $0.01",
        "  cache write  5,000 tokens  $0.02",
        "  output       1,500 tokens  $0.02",
      ].join("\n"),
    );
  });

  it("says which settings key to set when the model has no price, and still counts the tokens", () => {
    expect(costReport({ inputTokens: 10, outputTokens: 5 }, "ollama:qwen")).toBe(
      [
        "unknown price for ollama:qwen: set prices in settings.json",
        "  input       10 tokens",
        "  cache read   0 tokens",
        "  cache write  0 tokens",
        "  output       5 tokens",
      ].join("\n"),
    );
  });

  it("the user's prices say where they come from", () => {
    expect(
      costReport({ inputTokens: 1_000_000, outputTokens: 0 }, "ollama:qwen", {
        qwen: { input: 1, output: 2 },
      }).split("\n")[0],
    ).toBe(
      "Session cost: $1.00 at ollama:qwen's prices ($1 in, $2 out, $1 cache read, $1 cache write per million tokens, from settings.json)",
    );
  });
});

describe("statusCost", () => {
  it.each([
    [session, "anthropic:claude-sonnet-4-5", "$0.06"],
    [session, "ollama:qwen", undefined],
    [{ inputTokens: 0, outputTokens: 0 }, "anthropic:claude-sonnet-4-5", undefined],
    [undefined, "anthropic:claude-sonnet-4-5", undefined],
  ])("%j at %s → %s", (u, model, text) => expect(statusCost(u, model)).toBe(text));
});
