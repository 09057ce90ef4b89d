// How full the model's context window is, and where a compaction may cut (§10). Pure: token figures come
// from the provider's reports where there are any, else from a character estimate; the window from
// settings (`contextWindow`), else from a model table with a conservative default.
import type { ModelMessage } from "ai";

/** Compact when the next request would fill this share of the window. */
export const COMPACT_AT = 0.8;
/** After a compaction, the recent messages kept verbatim may take about this share of the window. */
export const KEEP_SHARE = 0.3;
export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** Model id patterns (matched against the part after `provider:`), first hit wins. */
const WINDOWS: [RegExp, number][] = [
  [/claude-(?:opus|sonnet|haiku)-4|claude-(?:sonnet|opus)-4|claude-3-7|claude-3-5/, 200_000],
  [/^claude/, 200_000],
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^gpt-4o|^gpt-4-turbo|^o1|^o3|^o4/, 128_000],
  [/^gpt-4(?!\.)/, 8_192],
  [/^gpt-3\.5/, 16_385],
  [/gemini-(?:1\.5|2|3)/, 1_000_000],
  [/deepseek/, 128_000],
  [/qwen/, 32_768],
  [/llama-?3|llama3/, 128_000],
  [/mistral|mixtral|codestral/, 32_768],
];

/** The window in tokens: the setting wins, then the table, then the default. */
export function contextWindowFor(modelId: string | undefined, setting?: number): number {
  if (setting !== undefined && Number.isFinite(setting) && setting > 0) return Math.floor(setting);
  const id = (modelId ?? "").slice((modelId ?? "").indexOf(":") + 1).toLowerCase();
  for (const [re, n] of WINDOWS) if (re.test(id)) return n;
  return DEFAULT_CONTEXT_WINDOW;
}

/** About four characters a token for prose and code alike; used only where the provider gave no figure. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The part of a request that does not grow with the conversation: the system prompt and the tool definitions. */
export function fixedTokens(
  system: string,
  tools: readonly { name: string; description: string; inputSchema: unknown }[],
): number {
  const definitions = tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.inputSchema,
  }));
  return estimateTokens(system) + estimateTokens(JSON.stringify(definitions));
}

export function estimateMessages(messages: readonly ModelMessage[]): number {
  let n = 0;
  for (const m of messages) n += estimateTokens(JSON.stringify(m.content, withoutMediaData)) + 4;
  return n;
}

/** An image's base64 is not text the model reads: counted as about the tokens a downscaled image costs. */
const MEDIA_CHARS = 6000;
function withoutMediaData(key: string, value: unknown): unknown {
  return (key === "data" || key === "image") && typeof value === "string" && value.length > MEDIA_CHARS
    ? "x".repeat(MEDIA_CHARS)
    : value;
}

/** The provider's figure for the last request, and how many messages that request carried. */
export interface LastRequest {
  inputTokens: number;
  outputTokens: number;
  messageCount: number;
}

/**
 * Tokens the next request will take: the last reported request plus estimates of what was added since —
 * or, when the estimate of the whole is larger (a provider that reports nothing, or too little), that.
 */
export function nextRequestTokens(o: {
  fixed: number;
  messages: readonly ModelMessage[];
  last?: LastRequest;
}): number {
  const whole = o.fixed + estimateMessages(o.messages);
  if (o.last === undefined || o.last.messageCount > o.messages.length) return whole;
  const since = estimateMessages(o.messages.slice(o.last.messageCount));
  return Math.max(whole, o.last.inputTokens + o.last.outputTokens + since);
}

export function shouldCompact(tokens: number, window: number): boolean {
  return tokens >= window * COMPACT_AT;
}

/**
 * Where to cut: the index of the first message kept verbatim. Only a user message, or an assistant
 * message right after tool results, may start the kept part (a call is never separated from its result).
 * The kept part is the longest tail within `keepTokens`, but always at least the last such boundary, and
 * something before it must remain to summarise. `undefined`: nothing can be compacted.
 */
export function chooseCut(messages: readonly ModelMessage[], keepTokens: number): number | undefined {
  const bounds: number[] = [];
  for (let i = 1; i < messages.length; i++) {
    const m = messages[i];
    if (m?.role === "user" || (m?.role === "assistant" && messages[i - 1]?.role === "tool")) bounds.push(i);
  }
  if (bounds.length === 0) return undefined;
  let cut = bounds[bounds.length - 1] as number;
  for (let j = bounds.length - 2; j >= 0; j--) {
    const b = bounds[j] as number;
    if (estimateMessages(messages.slice(b)) > keepTokens) break;
    cut = b;
  }
  return cut;
}
