// A tool call that runs as a task (§7), in either era, under the call rules: each request under the per-call
// timeout, the whole task under the total cap (`maxTotalTimeoutMs`), Ctrl-C and the cap sending the era's
// `tasks/cancel`, the server's progress and status messages passed to the caller's `onProgress`.
import { randomUUID } from "node:crypto";
import type { Client, Progress } from "@modelcontextprotocol/client";
import { CodeagentError } from "../../errors.js";
import { onAbort } from "./abort-fanout.js";
import { requestOptions } from "./call-options.js";
import type { CallOptions } from "./types.js";
import type { Session } from "./session.js";
import { LenientObjectResult } from "./lenient-results.js";
import { formatSeconds } from "./sdk-errors.js";
import { runToolAsTask } from "./tasks.js";
import { runModernTask } from "./tasks-modern.js";
import type { TaskRequest } from "./tasks-poll.js";
import { TASK_METHOD_ALIAS } from "./tasks-wire.js";

type Result = Record<string, unknown>;

/** How long `tasks/cancel` may take once the call is over (it is sent after Ctrl-C or the cap). */
const CANCEL_MS = 5000;

export interface TaskCall {
  name: string;
  args: Result;
}

/**
 * Runs `fn` under the task's budget: a signal that fires on the caller's Ctrl-C or when `totalMs` is spent,
 * the second reported as CALL_TIMEOUT naming the setting to raise.
 */
async function withBudget<T>(
  action: string,
  totalMs: number,
  spentMs: number,
  o: CallOptions | undefined,
  fn: (signal: AbortSignal, remainingMs: () => number) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + Math.max(0, totalMs - spentMs);
  const abort = new AbortController();
  const caller = o?.signal;
  if (caller?.aborted === true) abort.abort(caller.reason);
  const stopWatching =
    caller === undefined || caller.aborted
      ? () => undefined
      : onAbort(caller, () => abort.abort(caller.reason));
  const cap = setTimeout(
    () => abort.abort(new CodeagentError("CALL_TIMEOUT", "total cap")),
    deadline - Date.now(),
  );
  try {
    return await fn(abort.signal, () => Math.max(1, deadline - Date.now()));
  } catch (e) {
    if (abort.signal.aborted && o?.signal?.aborted !== true) {
      throw new CodeagentError(
        "CALL_TIMEOUT",
        `${action} (a task) took longer than ${formatSeconds(totalMs)}; raise maxTotalTimeoutMs in the server config`,
        { cause: e },
      );
    }
    throw e;
  } finally {
    clearTimeout(cap);
    stopWatching();
  }
}

/** Status lines go out as progress, keeping the server's last figures so a progress bar does not jump. */
function progressSink(o: CallOptions | undefined) {
  let last: Progress = { progress: 0 };
  return {
    progress: (p: Progress) => {
      last = { progress: p.progress, ...(p.total !== undefined && { total: p.total }) };
      o?.onProgress?.(p);
    },
    status: (line: string) => o?.onProgress?.({ ...last, message: `task ${line}` }),
  };
}

function taskRequester(
  s: Session,
  c: Client,
  signal: AbortSignal,
  o: CallOptions | undefined,
  alias: string,
) {
  const ms = o?.timeoutMs ?? s.config.timeoutMs;
  const opts = requestOptions({ signal, timeoutMs: ms }, ms, s.config.maxTotalTimeoutMs);
  const request: TaskRequest = (method, params, schema) =>
    c.request({ method: `${alias}${method}`, params }, schema, opts) as never;
  const cancel = async (taskId: string) => {
    await c.request({ method: `${alias}tasks/cancel`, params: { taskId } }, LenientObjectResult, {
      timeout: CANCEL_MS,
    });
  };
  return { request, cancel };
}

/** A 2025-era task-only tool: `tools/call` with `task`, then the 2025-11-25 loop (tasks.ts). */
export function callLegacyTask(s: Session, t: TaskCall, o?: CallOptions): Promise<Result> {
  const action = `tools/call ${t.name}`;
  const total = o?.maxTotalTimeoutMs ?? s.config.maxTotalTimeoutMs;
  const timeout = { ms: o?.timeoutMs ?? s.config.timeoutMs, setting: "timeoutMs in the server config" };
  return withBudget(action, total, 0, o, (signal, remainingMs) =>
    s.request(
      action,
      async (c) => {
        const sink = progressSink(o);
        // The call's progress token stays valid for the task's whole life; ours, so the tap can route it.
        const token = `codeagent-task-${randomUUID()}`;
        const wire = s.taskWire;
        const stop = wire?.onProgress(token, sink.progress);
        const { request, cancel } = taskRequester(s, c, signal, o, "");
        try {
          return await runToolAsTask({
            params: {
              name: t.name,
              arguments: t.args,
              ...(stop !== undefined && { _meta: { progressToken: token } }),
            },
            request,
            cancel,
            result: (taskId) =>
              c.request({ method: "tasks/result", params: { taskId } }, LenientObjectResult, {
                signal,
                timeout: remainingMs(),
              }),
            signal,
            log: (text) => s.log.event(text),
            onStatus: sink.status,
            ...(wire !== undefined && { watch: (id, listener) => wire.onTaskStatus(id, listener) }),
          });
        } finally {
          stop?.();
        }
      },
      timeout,
      signal,
    ),
  );
}

/**
 * A 2026-07-28 `tools/call` the server answered with a task handle: the extension's loop (tasks-modern.ts).
 * `spentMs` is the time the call took before the handle came (it counts against the total cap).
 */
export function continueModernTask(
  s: Session,
  c: Client,
  name: string,
  handle: Result,
  spentMs: number,
  o?: CallOptions,
): Promise<Result> {
  const action = `tools/call ${name}`;
  const total = o?.maxTotalTimeoutMs ?? s.config.maxTotalTimeoutMs;
  return withBudget(action, total, spentMs, o, (signal) => {
    const { request, cancel } = taskRequester(s, c, signal, o, TASK_METHOD_ALIAS);
    return runModernTask({
      handle,
      tool: name,
      request,
      cancel,
      answer: (method, params, s) => answerWithHandlers(c, method, params, s),
      signal,
      log: (text) => s.log.event(text),
      onStatus: progressSink(o).status,
    });
  });
}

type StoredHandler = (request: Record<string, unknown>, ctx: unknown) => Promise<unknown>;

/**
 * Answers a server request listed by an `input_required` task with the handler the client registered for it
 * (elicitation asks the person or declines, roots lists the directories), through the SDK's own stored
 * handler chain — the one its multi-round-trip engine uses for `input_required` results, with the same
 * synthesized context — so validation and form defaults apply exactly as for any other elicitation.
 */
async function answerWithHandlers(
  c: Client,
  method: string,
  params: Result | undefined,
  signal: AbortSignal,
): Promise<unknown> {
  const lookup = (c as unknown as { _getRequestHandler?: (m: string) => StoredHandler | undefined })
    ._getRequestHandler;
  const handler = typeof lookup === "function" ? lookup.call(c, method) : undefined;
  if (handler === undefined)
    throw new CodeagentError(
      "PROTOCOL_ERROR",
      `the server asked for ${method.slice(0, 60)} during a task, which this client does not answer`,
    );
  const unavailable = () => {
    throw new CodeagentError("PROTOCOL_ERROR", "no related requests while answering a task's input request");
  };
  return handler(
    { jsonrpc: "2.0", id: `task-input-${randomUUID()}`, method, ...(params !== undefined && { params }) },
    {
      sessionId: undefined,
      mcpReq: {
        id: method,
        method,
        _meta: params?._meta,
        requestState: () => undefined,
        signal,
        send: unavailable,
        notify: unavailable,
      },
    },
  );
}
