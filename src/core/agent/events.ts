// What a running turn reports to its consumer (the interactive UI, the headless printer). The core never
// writes to the terminal; everything a user sees of a turn arrives as one of these events.
import type { ToolResult } from "../tools/types.js";

export type FinishReason = "stop" | "step-limit" | "cancelled" | "error";

export type AgentEvent =
  | { type: "text-delta"; text: string }
  | { type: "tool-call"; id: string; name: string; args: unknown }
  | { type: "tool-progress"; id: string; progress: number; total?: number; message?: string }
  | { type: "tool-result"; id: string; name: string; result: ToolResult; denied: boolean }
  | { type: "warning"; message: string }
  | {
      type: "finish";
      text: string;
      steps: number;
      reason: FinishReason;
      error?: string;
      errorCode?: string;
      usage?: TurnUsage;
    };

/** Totals over every model request of the turn. */
export interface TurnUsage {
  /** Tokens of the tool definitions sent, counted by the host (§15.5). */
  toolDefinitionTokens: number;
}

export interface TurnResult {
  /** The answer: the text of the last model step (all of the turn's text if that step had none). */
  text: string;
  reason: FinishReason;
  steps: number;
  error?: string;
  /** A local error's code (e.g. TOO_MANY_TOOLS: the request was not sent). */
  errorCode?: string;
  usage?: TurnUsage;
}
