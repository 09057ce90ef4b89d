// Runs one step's tool calls: each through the permission gate, then the tool (tools/gated-call.ts). Consecutive calls that are
// safe to overlap (read-only, and not from a `trust: false` server) run in parallel; any other call runs
// alone, in the order the model gave. Every call ends in a result the model can read — never a throw.
import type { PermissionGate } from "../permissions/gate.js";
import { CANCELLED, errorResult, runGatedCall, type CallHooks } from "../tools/gated-call.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { InnerCallEvent, ToolEntry, ToolResult } from "../tools/types.js";
import type { AgentEvent } from "./events.js";

export { CANCELLED, deniedText, errorResult } from "../tools/gated-call.js";

export interface PendingCall {
  id: string;
  name: string;
  args: unknown;
  /** Set when the SDK could not parse the call (unknown tool, arguments that are not JSON). */
  invalid?: string;
}

export interface CallOutcome {
  call: PendingCall;
  result: ToolResult;
  denied: boolean;
  /** Why the gate refused the call, when `denied`. */
  denial?: { reason: string; planMode: boolean };
}

export interface RunToolsDeps {
  registry: Pick<ToolRegistry, "list" | "get">;
  /** Tools of the session that are not in the registry (search_tools). */
  extraTools?: ReadonlyMap<string, ToolEntry>;
  gate: PermissionGate;
  supportsMedia: boolean;
  signal?: AbortSignal;
  onEvent: (e: AgentEvent) => void;
  /** PreToolUse / PostToolUse hooks (§23). */
  hooks?: CallHooks;
}

/** Pure: consecutive parallel-safe calls form one batch; every other call is a batch of its own. */
export function planBatches<T>(calls: readonly T[], parallelSafe: (c: T) => boolean): T[][] {
  const batches: T[][] = [];
  let open: T[] | undefined;
  for (const c of calls) {
    if (parallelSafe(c)) {
      if (open === undefined) batches.push((open = []));
      open.push(c);
    } else {
      open = undefined;
      batches.push([c]);
    }
  }
  return batches;
}

export function parallelSafe(entry: ToolEntry | undefined): boolean {
  return entry === undefined || (entry.readOnly && entry.trust !== false);
}

export async function runToolCalls(
  calls: readonly PendingCall[],
  deps: RunToolsDeps,
): Promise<CallOutcome[]> {
  const outcomes = new Map<PendingCall, CallOutcome>();
  const settle = (o: CallOutcome) => {
    outcomes.set(o.call, o);
    deps.onEvent({
      type: "tool-result",
      id: o.call.id,
      name: o.call.name,
      result: o.result,
      denied: o.denied,
      ...(o.denial !== undefined && { denial: o.denial }),
    });
  };
  const lookup = (name: string) => deps.registry.get(name) ?? deps.extraTools?.get(name);
  for (const batch of planBatches(calls, (c) => parallelSafe(lookup(c.name)))) {
    if (deps.signal?.aborted === true) {
      for (const call of batch) settle({ call, result: errorResult(CANCELLED), denied: false });
      continue;
    }
    await Promise.all(batch.map(async (call) => settle(await runOne(call, deps))));
  }
  return calls.map((c) => outcomes.get(c)!);
}

async function runOne(call: PendingCall, deps: RunToolsDeps): Promise<CallOutcome> {
  const { result, denied, denial } = await runGatedCall(call, {
    registry: deps.registry,
    ...(deps.extraTools !== undefined && { extraTools: deps.extraTools }),
    gate: deps.gate,
    supportsMedia: deps.supportsMedia,
    ...(deps.signal !== undefined && { signal: deps.signal }),
    ...(deps.hooks !== undefined && { hooks: deps.hooks }),
    onProgress: (p) => deps.onEvent({ type: "tool-progress", id: call.id, ...p }),
    // A script's inner calls (execute_code) are shown nested under the call that runs it.
    onInnerCall: (e) => deps.onEvent(innerEvent(e, call.id)),
  });
  return { call, result, denied, ...(denial !== undefined && { denial }) };
}

function innerEvent(e: InnerCallEvent, parentId: string): AgentEvent {
  switch (e.type) {
    case "call":
      return { type: "tool-call", id: e.id, name: e.name, args: e.args, parentId };
    case "progress":
      return { type: "tool-progress", id: e.id, ...e.progress, parentId };
    case "result":
      return { type: "tool-result", id: e.id, name: e.name, result: e.result, denied: e.denied, parentId };
  }
}
