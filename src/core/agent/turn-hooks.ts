// What a turn takes from the agent's options at its edges: the Stop hooks' word on whether the model may stop
// (§23), and the request settings each model request of the turn shares (retry budget, endpoint, timeouts).
import type { AgentOptions } from "./agent-options.js";
import { DEFAULT_REQUEST } from "./provider/request-settings.js";
import type { RequestContext, RetryBudget } from "./request-step.js";

/** The Stop (or SubagentStop) hooks' reason to go on, when one blocks stopping. */
export async function stopHookReason(
  opts: Pick<AgentOptions, "hooks" | "stopEvent">,
  active: boolean,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const hooks = opts.hooks;
  const event = opts.stopEvent ?? "Stop";
  if (hooks === undefined || !hooks.has(event)) return undefined;
  const o = await hooks.run(event, { stop_hook_active: active }, signal !== undefined ? { signal } : {});
  return hooks.takeStop() === undefined ? o.block : undefined;
}

/** `budget`: the turn's waiting between retries, shared by its steps; a fresh one otherwise. */
export function requestContextFor(
  opts: Pick<AgentOptions, "request" | "endpoint">,
  budget?: RetryBudget,
): RequestContext {
  return {
    budget: budget ?? { waitLeftMs: (opts.request ?? DEFAULT_REQUEST).retry.maxWaitMs },
    ...(opts.endpoint !== undefined && { endpoint: opts.endpoint }),
    ...(opts.request !== undefined && { request: opts.request }),
  };
}
