// What a running turn reports to its consumer (the interactive UI, the headless printer). The core never
// writes to the terminal; everything a user sees of a turn arrives as one of these events.
import type { ToolResult } from "../tools/types.js";

export type FinishReason = "stop" | "step-limit" | "cancelled" | "error";

/** Tokens as the provider reported them (0 where it reported nothing). */
export interface Usage {
  /** Every prompt token, cached or not (the AI SDK's total). */
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, read from the provider's prompt cache (Anthropic, OpenAI report it). */
  cacheReadTokens?: number;
  /** Of `inputTokens`, written to the prompt cache (Anthropic's cache_creation_input_tokens). */
  cacheWriteTokens?: number;
}

/** Adds `u` into each of `into` (a turn's usage and the session's total, say). */
export function addUsage(u: Usage, ...into: Usage[]): void {
  for (const t of into) {
    t.inputTokens += u.inputTokens;
    t.outputTokens += u.outputTokens;
    if (u.cacheReadTokens !== undefined) t.cacheReadTokens = (t.cacheReadTokens ?? 0) + u.cacheReadTokens;
    if (u.cacheWriteTokens !== undefined) t.cacheWriteTokens = (t.cacheWriteTokens ?? 0) + u.cacheWriteTokens;
  }
}

export type AgentEvent =
  | { type: "text-delta"; text: string }
  /** `parentId`: an inner call of that call's script (execute_code, §20.2), shown nested under it. */
  | { type: "tool-call"; id: string; name: string; args: unknown; parentId?: string }
  | {
      type: "tool-progress";
      id: string;
      progress: number;
      total?: number;
      message?: string;
      parentId?: string;
    }
  | {
      type: "tool-result";
      id: string;
      name: string;
      result: ToolResult;
      denied: boolean;
      parentId?: string;
      /** Why the permission gate refused the call (when `denied`); `planMode`: refused because plan mode is on. */
      denial?: { reason: string; planMode: boolean };
    }
  | { type: "warning"; message: string }
  /** A model request failed before anything was shown and is tried again after `delayMs` (§10). */
  | { type: "retry"; attempt: number; of: number; delayMs: number; reason: string }
  /** One model request ended; `usage` is the provider's report for it. */
  | { type: "step-finish"; usage: Usage; durationMs?: number }
  /** Older turns were replaced by a summary (automatically near the window's end, or by /compact). */
  | {
      type: "compaction";
      auto: boolean;
      summarized: number;
      kept: number;
      tokensBefore: number;
      tokensAfter: number;
    }
  | {
      type: "finish";
      text: string;
      steps: number;
      reason: FinishReason;
      error?: string;
      errorCode?: string;
      toolDefinitionTokens?: number;
    };

export interface TurnResult {
  /** The answer: the text of the last model step (all of the turn's text if that step had none). */
  text: string;
  reason: FinishReason;
  steps: number;
  error?: string;
  /** Totals over every model request of the turn (summary requests of a compaction included). */
  usage: Usage;
  /** A local error's code (TOO_MANY_TOOLS: the request was not sent). */
  errorCode?: string;
  /** Tokens of the tool definitions sent over the turn's requests, counted by the host (§15.5). */
  toolDefinitionTokens?: number;
}
