// The call half of a connection (§7): one request under the per-call rules (timeout reset by progress, total
// cap, cancellation), tools/call with the SDK's header mirroring where a modern HTTP tool declares
// `x-mcp-header` parameters, and task-only tools run as tasks.
import type { RequestOptions, Tool } from "@modelcontextprotocol/client";
import { CodeagentError } from "../errors.js";
import { clockedRequestOptions, hasHeaderMarks, requestOptions } from "./call-options.js";
import type { CallOptions, Requester, RequestTimeout } from "./connection-types.js";
import { LenientObjectResult } from "./lenient.js";
import { formatSeconds } from "./sdk-errors.js";
import { runToolAsTask } from "./tasks.js";

type Result = Record<string, unknown>;

function callTimeout(r: Requester, o: CallOptions | undefined): RequestTimeout {
  return { ms: o?.timeoutMs ?? r.config.timeoutMs, setting: "timeoutMs in the server config" };
}

/** One request under the per-call rules of §7: timeout reset by progress, total cap, cancellation. */
export function call(
  r: Requester,
  action: string,
  method: string,
  params: Result,
  o?: CallOptions,
): Promise<Result> {
  const timeout = callTimeout(r, o);
  return clocked(r, o, timeout, (ro) =>
    r.request(action, (c) => c.request({ method, params }, LenientObjectResult, ro), timeout, o?.signal),
  );
}

/** Runs a request under a call clock that stops while the server waits for a person (call-clock.ts). */
async function clocked<T>(
  r: Requester,
  o: CallOptions | undefined,
  timeout: RequestTimeout,
  run: (ro: RequestOptions) => Promise<T>,
): Promise<T> {
  const { options, dispose } = clockedRequestOptions(o, timeout.ms, r.config.maxTotalTimeoutMs, r.waits);
  try {
    return await run(options);
  } finally {
    dispose();
  }
}

export interface ToolCall {
  name: string;
  args: Result;
  /** The tool as listed (for header mirroring). */
  definition: Tool | undefined;
  /** Listed with `execution.taskSupport: "required"`. */
  taskOnly: boolean;
}

export function callTool(r: Requester, t: ToolCall, o?: CallOptions): Promise<Result> {
  if (t.taskOnly) return callAsTask(r, t, o);
  const definition = t.definition;
  if (r.info.era === "modern" && r.info.transport === "http" && hasHeaderMarks(definition)) {
    // Only the SDK's callTool() mirrors `x-mcp-header` parameters into Mcp-Param-* headers.
    const timeout = callTimeout(r, o);
    return clocked(r, o, timeout, (ro) =>
      r.request(
        `tools/call ${t.name}`,
        (c) =>
          c.callTool(
            { name: t.name, arguments: t.args },
            { ...ro, toolDefinition: definition },
          ) as Promise<Result>,
        timeout,
        o?.signal,
      ),
    );
  }
  return call(r, `tools/call ${t.name}`, "tools/call", { name: t.name, arguments: t.args }, o);
}

/** A task-only tool (§7): each request under the per-call timeout, the whole task under the total cap. */
async function callAsTask(r: Requester, t: ToolCall, o?: CallOptions): Promise<Result> {
  const timeout = callTimeout(r, o);
  const total = o?.maxTotalTimeoutMs ?? r.config.maxTotalTimeoutMs;
  const abort = new AbortController();
  const onAbort = () => abort.abort(o?.signal?.reason);
  o?.signal?.addEventListener("abort", onAbort, { once: true });
  const cap = setTimeout(() => abort.abort(new CodeagentError("CALL_TIMEOUT", "total cap")), total);
  const action = `tools/call ${t.name}`;
  try {
    return await r.request(
      action,
      (c) =>
        runToolAsTask({
          params: { name: t.name, arguments: t.args },
          signal: abort.signal,
          log: (text) => r.log.event(text),
          request: (method, params, schema) =>
            c.request({ method, params }, schema, {
              ...requestOptions({ ...o, signal: abort.signal }, timeout.ms, r.config.maxTotalTimeoutMs),
              ...(method !== "tools/call" && { onprogress: undefined }),
            }) as never,
        }),
      timeout,
      abort.signal,
    );
  } catch (e) {
    if (abort.signal.aborted && o?.signal?.aborted !== true) {
      throw new CodeagentError(
        "CALL_TIMEOUT",
        `${action} (a task) took longer than ${formatSeconds(total)}; raise maxTotalTimeoutMs`,
        { cause: e },
      );
    }
    throw e;
  } finally {
    clearTimeout(cap);
    o?.signal?.removeEventListener("abort", onAbort);
  }
}
