import { describe, expect, it } from "vitest";
import { CostMeter } from "./meter.js";

describe("CostMeter", () => {
  it("prices each request at the model that answered it", () => {
    const m = new CostMeter({ cheap: { input: 1, output: 1 } });
    m.add(
      { inputTokens: 1_000_000, outputTokens: 0, cacheReadTokens: 800_000 },
      "anthropic:claude-sonnet-4-5",
    );
    m.add({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, "openai-compatible:cheap");
    expect(m.usage).toEqual({
      inputTokens: 2_000_000,
      outputTokens: 1_000_000,
      cacheReadTokens: 800_000,
      cacheWriteTokens: 0,
    });
    expect(m.total).toBeCloseTo(0.2 * 3 + 0.8 * 0.3 + 2, 10);
  });

  it("has no total once a model without a price answered, and names it", () => {
    const m = new CostMeter();
    m.add({ inputTokens: 10, outputTokens: 5 }, "ollama:qwen");
    m.add({ inputTokens: 10, outputTokens: 5 }, "openai:gpt-4o");
    expect([m.total, [...m.unpriced]]).toEqual([undefined, ["ollama:qwen"]]);
  });

  it("a request that used no tokens (a failed one) makes no price unknown", () => {
    const m = new CostMeter();
    m.add({ inputTokens: 0, outputTokens: 0 }, "ollama:qwen");
    expect(m.total).toBe(0);
  });
});
