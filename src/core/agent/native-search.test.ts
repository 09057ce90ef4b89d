import { describe, expect, it } from "vitest";
import type { NativeToolSearchMode } from "../settings.js";
import { anthropicSupports, nativeSearchFor, openaiSupports } from "./native-search.js";
import type { ProviderName } from "./providers.js";

describe("nativeSearchFor", () => {
  it.each<[ProviderName, string, NativeToolSearchMode, string | undefined]>([
    ["anthropic", "claude-sonnet-4-5-20250929", "auto", "anthropic"],
    ["anthropic", "claude-3-5-haiku-20241022", "auto", undefined],
    ["anthropic", "claude-3-5-haiku-20241022", "always", "anthropic"],
    ["anthropic", "claude-sonnet-4-5", "never", undefined],
    ["openai", "gpt-5.4", "auto", "openai"],
    ["openai", "gpt-4.1", "auto", undefined],
    ["openai", "my-fine-tune", "always", "openai"],
    ["openai", "gpt-5.5", "never", undefined],
    // Chat completions has no native search, whatever the setting says.
    ["openai-compatible", "gpt-5.4", "always", undefined],
    ["ollama", "qwen3", "always", undefined],
  ])("%s:%s with %s → %s", (provider, model, mode, want) => {
    expect(nativeSearchFor(provider, model, mode)).toBe(want);
  });
});

describe("model support", () => {
  it.each([
    ["claude-sonnet-4-5-20250929", true],
    ["claude-sonnet-4-5", true],
    ["claude-opus-4-5-20251101", true],
    ["claude-opus-4.6", true],
    ["claude-sonnet-4-6", true],
    ["claude-opus-4-7-1m", true],
    ["us.anthropic.claude-opus-4-5-20251101-v1:0", true],
    ["claude-haiku-5-5", true],
    ["claude-fable-5-1", true],
    ["claude-sonnet-5", true],
    ["claude-haiku-4-5-20251001", false],
    ["claude-opus-4-1-20250805", false],
    ["claude-sonnet-4-20250514", false],
    ["claude-opus-4-0", false],
    ["claude-3-7-sonnet-latest", false],
    ["claude-3-5-sonnet-20241022", false],
    ["scripted", false],
  ])("anthropic %s → %s", (id, want) => {
    expect(anthropicSupports(id)).toBe(want);
  });

  it.each([
    ["gpt-5.4", true],
    ["gpt-5.4-mini", true],
    ["gpt-5.5", true],
    ["gpt-5.10", true],
    ["gpt-6", true],
    ["GPT-5.4", true],
    ["gpt-5.3-codex", false],
    ["gpt-5", false],
    ["gpt-5-mini", false],
    ["gpt-4.1", false],
    ["gpt-4o", false],
    ["o3", false],
    ["ft:gpt-5.4:org::abc", false],
  ])("openai %s → %s", (id, want) => {
    expect(openaiSupports(id)).toBe(want);
  });
});
