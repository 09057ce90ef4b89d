// The tool-result message that answers one step's calls, and the answers for calls that are not run
// because the step limit is reached (so the history stays a conversation the next turn can continue).
import type { ToolModelMessage } from "ai";
import { errorResult, type CallOutcome, type PendingCall } from "./run-tools.js";
import { toToolOutput } from "./to-ai-tools.js";

export function toolResultMessage(
  outcomes: readonly CallOutcome[],
  supportsMedia: boolean,
): ToolModelMessage {
  return {
    role: "tool",
    content: outcomes.map(({ call, result }) => ({
      type: "tool-result" as const,
      toolCallId: call.id,
      toolName: call.name,
      output: toToolOutput(result, supportsMedia),
    })),
  };
}

export function stepLimitOutcomes(calls: readonly PendingCall[], maxSteps: number): CallOutcome[] {
  const notRun = `not run: the step limit (${maxSteps}) was reached; the user can ask to continue`;
  return calls.map((call) => ({ call, result: errorResult(notRun), denied: false }));
}
