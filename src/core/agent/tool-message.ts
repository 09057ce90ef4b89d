// The tool-result message that answers one step's calls, and the answers for calls that are not run
// because the step limit is reached (so the history stays a conversation the next turn can continue).
import type { ToolModelMessage } from "ai";
import { errorResult, type CallOutcome, type PendingCall } from "./run-tools.js";
import { toToolOutput } from "./to-ai-tools.js";

/** `note`: the host's word to the model on the step as a whole, after the last result. */
export function toolResultMessage(
  outcomes: readonly CallOutcome[],
  supportsMedia: boolean,
  note?: string,
): ToolModelMessage {
  const last = outcomes.length - 1;
  return {
    role: "tool",
    content: outcomes.map(({ call, result }, i) => ({
      type: "tool-result" as const,
      toolCallId: call.id,
      toolName: call.name,
      output: toToolOutput(
        i === last && note !== undefined
          ? { ...result, text: `${result.text}\n\n[codeagent] ${note}` }
          : result,
        supportsMedia,
      ),
    })),
  };
}

export function stepLimitOutcomes(calls: readonly PendingCall[], maxSteps: number): CallOutcome[] {
  const notRun = `not run: the step limit (${maxSteps}) was reached; the user can ask to continue`;
  return calls.map((call) => ({ call, result: errorResult(notRun), denied: false }));
}
