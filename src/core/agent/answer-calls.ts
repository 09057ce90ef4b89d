// A step's tool calls answered (§10): run through the permission gate and the tools, each file a call will
// change recorded for a rewind before its first change (§23); or, at the step limit, answered without running,
// so that the history stays a conversation the next turn can continue.
import type { ToolModelMessage } from "ai";
import { recordBefore } from "../checkpoints/snapshot.js";
import type { SessionLog } from "../session/store.js";
import type { AgentOptions } from "./agent-options.js";
import { runToolCalls, type CallOutcome, type PendingCall, type RunToolsDeps } from "./run-tools.js";
import { stepLimitOutcomes, toolResultMessage } from "./tool-message.js";
import type { ToolSession } from "./tool-session.js";

export interface AnswerDeps extends Pick<AgentOptions, "registry" | "gate" | "supportsMedia" | "hooks"> {
  toolSession: ToolSession;
  log?: SessionLog | undefined;
  /** Files already recorded in this turn. */
  recorded: Set<string>;
}

/** `limit`: the step limit, when it is reached and the calls are not to run. */
export async function answerCalls(
  calls: readonly PendingCall[],
  limit: number | undefined,
  d: AnswerDeps,
  o: Pick<RunToolsDeps, "signal" | "onEvent">,
): Promise<{ outcomes: CallOutcome[]; message: ToolModelMessage }> {
  const { toolSession, registry } = d;
  toolSession.markCalled(calls.filter((c) => registry.get(c.name) !== undefined).map((c) => c.name));
  let outcomes: CallOutcome[];
  if (limit !== undefined) {
    outcomes = stepLimitOutcomes(calls, limit);
    for (const { call, result } of outcomes)
      o.onEvent({ type: "tool-result", id: call.id, name: call.name, result, denied: false });
  } else {
    const log = d.log;
    if (log?.checkpoint !== undefined)
      recordBefore(
        calls,
        (n) => registry.get(n),
        d.recorded,
        (c) => log.checkpoint?.(c),
      );
    outcomes = await runToolCalls(calls, {
      registry,
      extraTools: new Map([[toolSession.searchEntry.name, toolSession.searchEntry]]),
      gate: d.gate,
      supportsMedia: d.supportsMedia ?? false,
      ...(o.signal !== undefined && { signal: o.signal }),
      ...(d.hooks !== undefined && { hooks: d.hooks.callHooks() }),
      onEvent: o.onEvent,
    });
  }
  // Says when the calls loaded tools in place of ones the model was told are loaded.
  const message = toolResultMessage(outcomes, d.supportsMedia ?? false, toolSession.unloadNote());
  return { outcomes, message };
}
