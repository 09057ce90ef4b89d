// The result of `-p --output-format json` (and stream-json's last event) in Claude Code's field names and
// shapes, so a CI script written for `claude -p` reads ours unchanged (§23). Pure. codeagent's own additions
// (`tool_calls`, `error`, `model`, `usage.tool_definition_tokens`) sit beside them; no old name is kept.
import type { TurnResult } from "../../core/agent/loop.js";
import { tokenKinds } from "../../core/cost/cost.js";
import type { CostMeter } from "../../core/cost/meter.js";

export interface CallRecord {
  name: string;
  args: unknown;
  isError: boolean;
  denied: boolean;
  /** Why the gate refused it (when denied). */
  reason?: string;
  /** Refused by plan mode: by design, so not a refused run. */
  planMode?: boolean;
}

/** A call the gate refused, in Claude Code's field names. */
export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: unknown;
  reason: string;
}

export type ResultSubtype = "success" | "error_max_turns" | "error_during_execution";

export function resultSubtype(r: Pick<TurnResult, "reason">): ResultSubtype {
  return r.reason === "stop"
    ? "success"
    : r.reason === "step-limit"
      ? "error_max_turns"
      : "error_during_execution";
}

export interface RunFacts {
  sessionId: string;
  durationMs: number;
  apiMs: number;
  model: string | undefined;
  meter: CostMeter;
}

export function resultDocument(r: TurnResult, calls: ReadonlyMap<string, CallRecord>, run: RunFacts) {
  const k = tokenKinds(run.meter.usage);
  return {
    type: "result",
    subtype: resultSubtype(r),
    is_error: r.reason !== "stop",
    result: r.text,
    session_id: run.sessionId,
    num_turns: r.steps,
    duration_ms: run.durationMs,
    duration_api_ms: run.apiMs,
    // null, not a guess, when a model of the run has no price (stderr says which; settings.json "prices").
    total_cost_usd: run.meter.total ?? null,
    usage: {
      input_tokens: k.input,
      output_tokens: k.output,
      cache_read_input_tokens: k.cacheRead,
      cache_creation_input_tokens: k.cacheWrite,
      tool_definition_tokens: r.toolDefinitionTokens ?? 0,
    },
    permission_denials: permissionDenials(calls),
    ...(r.error !== undefined && {
      error: { ...(r.errorCode !== undefined && { code: r.errorCode }), message: r.error },
    }),
    tool_calls: [...calls.values()].map(({ name, args, isError, denied }) => ({
      name,
      input: args,
      is_error: isError,
      denied,
    })),
    model: run.model ?? null,
  };
}

/** The calls refused for want of permission, in the order they were made (plan mode's refusals are its design). */
export function permissionDenials(calls: ReadonlyMap<string, CallRecord>): PermissionDenial[] {
  return [...calls].flatMap(([id, c]) =>
    c.denied && c.planMode !== true
      ? [{ tool_name: c.name, tool_use_id: id, tool_input: c.args, reason: c.reason ?? "" }]
      : [],
  );
}
