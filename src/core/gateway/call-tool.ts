// A caller's tool call through the gateway (§22): the profile decides what exists, the host makes the call
// (pins, approvals, supervisors, timeouts), progress and cancellation flow through, and the upstream server's
// questions go back to the caller as `input_required` rounds. What a caller is told about a failure is fixed
// text by error code: an upstream error message can carry its stderr or a credential, and never reaches a caller.
import type { CallToolResult as WireResult, ElicitResult, ServerContext } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { isCodeagentError } from "../errors.js";
import type { ToolProgress } from "../tools/types.js";
import type { Asker, AskRouter } from "./asks.js";
import type { CallerTool, GatewayHost } from "./catalog.js";
import { callUpstream, type UpstreamCallOptions } from "./upstream.js";
import { ANSWER_WAIT_MS, PendingCall, type Step } from "./pending-call.js";

export interface Caller {
  /** Stable, non-secret: the token's hash prefix, the JWT subject, or "stdio" / "local". */
  id: string;
  profile: { name: string };
}

export interface CallRecord {
  caller: Caller;
  server: string;
  tool: string;
  ms: number;
  outcome: "ok" | "tool_error" | "error" | "cancelled";
  code?: string;
  /** The whole error, for the operator's log only. */
  detail?: string;
}

type Progress = (p: ToolProgress) => void;
interface Held {
  call: PendingCall<WireResult>;
  progress: { current: Progress | undefined; sent: Promise<void>; any: boolean };
}

/** The upstream calls running now, so a shutdown can let them finish. */
export class CallsInFlight {
  private n = 0;
  private waiters: (() => void)[] = [];
  get active(): number {
    return this.n;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.n++;
    try {
      return await fn();
    } finally {
      if (--this.n === 0) for (const w of this.waiters.splice(0)) w();
    }
  }
  /** Resolves when no call runs, or after `ms`. */
  idle(ms: number): Promise<void> {
    if (this.n === 0) return Promise.resolve();
    return new Promise((r) => {
      this.waiters.push(r);
      setTimeout(r, ms).unref();
    });
  }
}

export interface CallDeps {
  calls: CallsInFlight;
  host: GatewayHost;
  asks: AskRouter;
  /** Calls waiting for their caller's answer, by `requestState` key. */
  pending: Map<string, Held>;
  record(r: CallRecord): void;
}

/** The key of the one question a round carries. */
const ASK = "ask";

const FAILURE_TEXT: Record<string, string> = {
  SERVER_UNAVAILABLE: "the server behind this tool is not available now; try again later",
  STARTUP_TIMEOUT: "the server behind this tool did not start in time; try again later",
  CALL_TIMEOUT: "the call timed out",
  CANCELLED: "the call was cancelled",
  TOOL_CHANGED:
    "this tool's definition changed upstream; it is withheld until the gateway's operator accepts it",
  NEEDS_AUTH: "the server behind this tool needs the gateway's operator to log in",
  NEEDS_APPROVAL: "the server behind this tool is not approved on the gateway",
  INVALID_ARGUMENTS: "the arguments must be a JSON object",
  MESSAGE_TOO_LARGE: "the result is larger than the gateway sends; ask the tool for less",
};

function failure(e: unknown): { result: WireResult; code: string } {
  const code = isCodeagentError(e) ? e.code : "INTERNAL";
  const text = FAILURE_TEXT[code] ?? `the call failed (${code})`;
  return { result: { content: [{ type: "text", text }], isError: true }, code };
}

function withoutMeta<T extends object>(params: T): T {
  const { _meta: _, ...rest } = params as T & { _meta?: unknown };
  return rest as T;
}

/**
 * Progress to this round's caller, in order. The notifications are written asynchronously, so the round waits
 * for them (`sent`) before its result: a caller drops progress that comes after the result. Writes of one tick
 * leave together, and a 2025-era SDK client handles a notification a tick after a response read with it, by
 * when the response has ended the progress: so a round that sent progress lets the tick end before its result.
 */
function progressOf(ctx: ServerContext, sink: Held["progress"]): Progress | undefined {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return undefined;
  return (p) => {
    sink.any = true;
    sink.sent = sink.sent
      .then(() =>
        ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, ...p } }),
      )
      .catch(() => undefined);
  };
}

async function round(d: CallDeps, held: Held, ctx: ServerContext) {
  held.progress.current = progressOf(ctx, held.progress);
  const step: Step<WireResult> = await held.call.next(ctx.mcpReq.signal);
  await held.progress.sent;
  if (held.progress.any) await new Promise((r) => setImmediate(r));
  if (step.kind === "done") return step.value;
  const key = held.call.key;
  d.pending.set(key, held);
  // A caller that never answers: the call is cancelled after ANSWER_WAIT_MS; forget it then.
  setTimeout(() => d.pending.get(key) === held && d.pending.delete(key), ANSWER_WAIT_MS + 1000).unref();
  return {
    resultType: "input_required" as const,
    // The upstream request's own `_meta` (its progress token) is not the caller's business.
    inputRequests: { [ASK]: { method: "elicitation/create" as const, params: withoutMeta(step.params) } },
    requestState: held.call.key,
  };
}

export interface RunOptions {
  ask: Asker;
  signal: AbortSignal;
  onProgress: Progress;
  /** What an upstream's task handle becomes (the caller's task, relayed there); without it the host runs it. */
  onTaskHandle?: UpstreamCallOptions["onTaskHandle"];
}

/**
 * One call of a tool the caller may see, on its upstream server: counted in flight, the server's questions
 * to `ask`, recorded for the metrics and the log; a failure becomes the fixed text its code maps to.
 */
export async function runUpstream(
  d: CallDeps,
  caller: Caller,
  tool: CallerTool,
  args: Record<string, unknown>,
  o: RunOptions,
): Promise<WireResult> {
  const started = performance.now();
  try {
    const result = await d.calls.run(() =>
      d.asks.run(
        tool.server,
        o.ask,
        () =>
          callUpstream(d.host, tool, args, {
            signal: o.signal,
            onProgress: o.onProgress,
            ...(o.onTaskHandle !== undefined && { onTaskHandle: o.onTaskHandle }),
          }),
        d.host.manager.snapshot(tool.server).info?.era !== "legacy",
      ),
    );
    d.record({
      caller,
      server: tool.server,
      tool: tool.name,
      ms: performance.now() - started,
      outcome: result.isError === true ? "tool_error" : "ok",
    });
    return result;
  } catch (e) {
    const f = failure(e);
    d.record({
      caller,
      server: tool.server,
      tool: tool.name,
      ms: performance.now() - started,
      outcome: f.code === "CANCELLED" ? "cancelled" : "error",
      code: f.code,
      detail: e instanceof Error ? e.message : String(e),
    });
    return f.result;
  }
}

/**
 * Starts (or, on a retry carrying `requestState`, resumes) a call of a tool the caller may see; `onTaskHandle`
 * for a caller an upstream's task may be handed to.
 */
export async function callTool(
  d: CallDeps,
  caller: Caller,
  tool: CallerTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
  onTaskHandle?: RunOptions["onTaskHandle"],
) {
  const state = ctx.mcpReq.requestState<string>();
  if (typeof state === "string") {
    const held = d.pending.get(state);
    if (held === undefined || held.call.caller !== caller.id)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "this call is no longer waiting for an answer here (it ended, timed out, or runs on another gateway replica); call the tool again",
      );
    d.pending.delete(state);
    const answer = ctx.mcpReq.inputResponses?.[ASK] as ElicitResult | undefined;
    held.call.answer(answer ?? { action: "cancel" });
    return round(d, held, ctx);
  }
  const progress: Held["progress"] = { current: undefined, sent: Promise.resolve(), any: false };
  const call = new PendingCall<WireResult>(caller.id, (ask, signal) =>
    runUpstream(d, caller, tool, args, {
      ask,
      signal,
      onProgress: (p) => progress.current?.(p),
      ...(onTaskHandle !== undefined && { onTaskHandle }),
    }),
  );
  return round(d, { call, progress }, ctx);
}
