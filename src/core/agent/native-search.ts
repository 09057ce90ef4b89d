// Which provider-native tool search a request uses (§15.3): Anthropic's tool search tool (`defer_loading` on
// each deferred tool plus `tool_search_tool_bm25`), or OpenAI's `tool_search` (Responses API, deferred
// functions grouped into one namespace per server). Both exist only on newer models and break behind
// gateways that do not know them (Bedrock Converse, older proxies), so "auto" uses them only for model ids
// known to support them, and `nativeToolSearch: "never"` keeps the local `search_tools` everywhere.
// Chat-completions servers (openai-compatible, ollama) never get native search: there is none in that API.
// Pure.
import type { NativeToolSearchMode } from "../settings.js";
import type { ProviderName } from "./providers.js";

export type NativeSearch = "anthropic" | "openai";

/** The key (and wire name) of each native search tool in the request's tools. */
export const NATIVE_SEARCH_TOOL: Readonly<Record<NativeSearch, string>> = {
  anthropic: "tool_search_tool_bm25",
  openai: "tool_search",
};

export function nativeSearchFor(
  provider: ProviderName | undefined,
  modelId: string,
  mode: NativeToolSearchMode,
): NativeSearch | undefined {
  if (mode === "never") return undefined;
  switch (provider) {
    case "anthropic":
      return mode === "always" || anthropicSupports(modelId) ? "anthropic" : undefined;
    case "openai":
      return mode === "always" || openaiSupports(modelId) ? "openai" : undefined;
    default:
      return undefined;
  }
}

/**
 * Claude models with the tool search tool: Opus and Sonnet from 4.5, every family from 5 (Haiku 4.5 and
 * the Claude 3 / 4.0 / 4.1 models lack it). Ids as the API and its gateways write them:
 * `claude-sonnet-4-5-20250929`, `claude-opus-4.6`, `us.anthropic.claude-opus-4-5-v1:0`.
 */
export function anthropicSupports(modelId: string): boolean {
  const m = /(?:^|[./])claude-([a-z]+)-(\d+)(?:[-.](\d{1,2})(?!\d))?/i.exec(modelId);
  if (m === null) return false;
  const family = m[1]!.toLowerCase();
  const version = Number(m[2]) + Number(m[3] ?? 0) / 100;
  if (version >= 5) return true;
  return (family === "opus" || family === "sonnet") && version >= 4.05;
}

/** OpenAI: `tool_search` from gpt-5.4 on (gpt-5.4, gpt-5.4-mini, gpt-5.5, gpt-6…). */
export function openaiSupports(modelId: string): boolean {
  const m = /^gpt-(\d+)(?:\.(\d+))?(?![\d.])/i.exec(modelId.trim());
  if (m === null) return false;
  const major = Number(m[1]);
  const minor = Number(m[2] ?? 0);
  return major > 5 || (major === 5 && minor >= 4);
}
