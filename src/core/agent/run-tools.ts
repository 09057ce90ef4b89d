// Runs one step's tool calls: each through the permission gate, then the tool. Consecutive calls that are
// safe to overlap (read-only, and not from a `trust: false` server) run in parallel; any other call runs
// alone, in the order the model gave. Every call ends in a result the model can read — never a throw.
import { errorMessage } from "../errors.js";
import type { PermissionGate } from "../permissions/gate.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import type { AgentEvent } from "./events.js";

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
}

export interface RunToolsDeps {
  registry: Pick<ToolRegistry, "list" | "get">;
  /** Tools of the session that are not in the registry (search_tools). */
  extraTools?: ReadonlyMap<string, ToolEntry>;
  gate: PermissionGate;
  supportsMedia: boolean;
  signal?: AbortSignal;
  onEvent: (e: AgentEvent) => void;
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

export const CANCELLED = "cancelled by the user before it finished";

async function runOne(call: PendingCall, deps: RunToolsDeps): Promise<CallOutcome> {
  const done = (result: ToolResult, denied = false): CallOutcome => ({ call, result, denied });
  if (call.invalid !== undefined) return done(errorResult(call.invalid));
  const entry = deps.registry.get(call.name) ?? deps.extraTools?.get(call.name);
  if (entry === undefined) {
    return done(
      errorResult(`there is no tool named "${call.name}" (any more); use one of the tools offered now`),
    );
  }
  const args = call.args ?? {};
  if (typeof args !== "object" || Array.isArray(args)) {
    return done(errorResult(`the arguments of ${call.name} must be a JSON object matching its input schema`));
  }
  const server = entry.source.type === "mcp" ? entry.source.server : undefined;
  const outside = entry.outsideProject?.(args as Record<string, unknown>);
  const decision = await deps.gate.check(
    {
      tool: entry.name,
      ...(server !== undefined && { server }),
      readOnly: entry.readOnly,
      ...(entry.trust !== undefined && { trust: entry.trust }),
      ...(outside !== undefined && { outside }),
      ...(entry.sandboxed !== undefined && { sandboxed: entry.sandboxed(args as Record<string, unknown>) }),
    },
    args,
    entry.preview !== undefined ? { preview: () => entry.preview!(args as Record<string, unknown>) } : {},
  );
  if (!decision.allowed) return done(errorResult(deniedText(decision)), true);
  if (deps.signal?.aborted === true) return done(errorResult(CANCELLED));
  try {
    const result = await entry.execute(args as Record<string, unknown>, {
      ...(deps.signal !== undefined && { signal: deps.signal }),
      supportsMedia: deps.supportsMedia,
      onProgress: (p) => deps.onEvent({ type: "tool-progress", id: call.id, ...p }),
    });
    return done(result);
  } catch (e) {
    // A throwing tool is a host fault, but the model still gets an answer for its call.
    return done(errorResult(`${call.name} failed: ${errorMessage(e)}`));
  }
}

/** The model reads why it may not run the call; a person's own words come through as they said them. */
export function deniedText(d: { reason: string; userMessage?: string }): string {
  if (d.userMessage === undefined) return `permission denied: ${d.reason}`;
  return `permission denied: the user declined this call and said: ${d.userMessage}`;
}

export function errorResult(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}
