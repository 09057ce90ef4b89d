// How many tokens a model's context window holds, for the tool-search threshold (§15.2) and compaction
// (§10). Providers do not report it, so a table of known model families answers, `contextWindow` in
// settings overrides it, and an unknown model gets a conservative default.
import type { ProviderName } from "./providers.js";

/** Longest prefix wins; ids compare lower-case, without a `vendor/` prefix (OpenRouter style). */
const WINDOWS: readonly [prefix: string, tokens: number][] = [
  ["claude-", 200_000],
  ["gpt-5", 400_000],
  ["gpt-4.1", 1_047_576],
  ["gpt-4o", 128_000],
  ["gpt-4-turbo", 128_000],
  ["gpt-4", 8_192],
  ["gpt-3.5", 16_385],
  ["gpt-oss", 131_072],
  ["o1", 200_000],
  ["o3", 200_000],
  ["o4", 200_000],
  ["gemini-", 1_048_576],
  ["deepseek", 128_000],
  ["qwen3", 131_072],
  ["qwen2.5", 32_768],
  ["qwen", 32_768],
  ["llama3.1", 131_072],
  ["llama3.2", 131_072],
  ["llama3.3", 131_072],
  ["llama-3.1", 131_072],
  ["llama-3.3", 131_072],
  ["llama3", 8_192],
  ["mistral-large", 131_072],
  ["codestral", 262_144],
  ["mistral", 32_768],
  ["kimi", 131_072],
  ["glm-4", 131_072],
];

/** For models the table does not know. Local servers often run smaller windows than cloud APIs. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;
export const DEFAULT_LOCAL_CONTEXT_WINDOW = 32_768;

export function contextWindowFor(
  provider: ProviderName | undefined,
  modelId: string,
  override?: number,
): number {
  if (override !== undefined && Number.isInteger(override) && override > 0) return override;
  const id = modelId.toLowerCase().replace(/^.*\//, "");
  let best: [string, number] | undefined;
  for (const w of WINDOWS)
    if (id.startsWith(w[0]) && (best === undefined || w[0].length > best[0].length)) best = w;
  if (best !== undefined) return best[1];
  return provider === "ollama" || provider === "openai-compatible"
    ? DEFAULT_LOCAL_CONTEXT_WINDOW
    : DEFAULT_CONTEXT_WINDOW;
}
