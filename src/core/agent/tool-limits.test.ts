import { describe, expect, it } from "vitest";
import { fitDescription, PROVIDER_LIMITS } from "./tool-limits.js";

describe("fitDescription", () => {
  it.each<[string, number, number]>([
    ["openai", 1024, 1024],
    ["openai", 1025, 1024],
    ["openai-compatible", 5000, 1024],
    ["ollama", 5, 5],
    ["anthropic", 5000, 5000],
  ])("%s: %i characters go out as %i", (provider, n, length) => {
    const text = "x".repeat(n);
    const out = fitDescription(text, PROVIDER_LIMITS[provider as keyof typeof PROVIDER_LIMITS]);
    expect(out.length).toBe(length);
    expect(out.endsWith("…")).toBe(text.length > length);
  });
});
