// The call half of a connection (§7): one request under the per-call rules (timeout reset by progress, total
// cap, cancellation), tools/call with the SDK's header mirroring where a modern HTTP tool declares
// `x-mcp-header` parameters, and tools that run as tasks (tasks-call.ts): 2025-11-25 task-only tools called
// with `task`, and any 2026-07-28 call the server answers with a task handle (run here, or handed back).
import type { Client, RequestOptions, Tool } from "@modelcontextprotocol/client";
import { clockedRequestOptions, hasHeaderMarks } from "./call-options.js";
import type { CallOptions, RequestTimeout } from "./types.js";
import type { Session } from "./session.js";
import { LenientObjectResult } from "./lenient-results.js";
import { callLegacyTask, continueModernTask } from "./tasks-call.js";

type Result = Record<string, unknown>;

function callTimeout(s: Session, o: CallOptions | undefined): RequestTimeout {
  return { ms: o?.timeoutMs ?? s.config.timeoutMs, setting: "timeoutMs in the server config" };
}

/** One request under the per-call rules of §7: timeout reset by progress, total cap, cancellation. */
export function call(
  s: Session,
  action: string,
  method: string,
  params: Result,
  o?: CallOptions,
): Promise<Result> {
  const timeout = callTimeout(s, o);
  return clocked(s, o, timeout, (ro) =>
    s.request(action, (c) => c.request({ method, params }, LenientObjectResult, ro), timeout, o?.signal),
  );
}

/** Runs a request under a call clock that stops while the server waits for a person (call-clock.ts). */
async function clocked<T>(
  s: Session,
  o: CallOptions | undefined,
  timeout: RequestTimeout,
  run: (ro: RequestOptions) => Promise<T>,
): Promise<T> {
  const { options, dispose } = clockedRequestOptions(o, timeout.ms, s.config.maxTotalTimeoutMs, s.waits);
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
  /** Listed with `execution.taskSupport: "required"` (2025-11-25: called with `task`). */
  taskOnly: boolean;
}

export function callTool(s: Session, t: ToolCall, o?: CallOptions): Promise<Result> {
  if (s.info.era === "legacy" && t.taskOnly) return callLegacyTask(s, t, o);
  const timeout = callTimeout(s, o);
  const started = Date.now();
  // A 2026-07-28 server may answer any call with a task handle (the tasks extension): the task is run then.
  const orTask =
    (c: Client) =>
    (e: unknown): Promise<Result> => {
      const handle = s.taskWire?.taskHandleOf(e);
      if (handle === undefined) throw e;
      if (o?.onTaskHandle !== undefined) return Promise.resolve(o.onTaskHandle(handle));
      return continueModernTask(s, c, t.name, handle, Date.now() - started, o);
    };
  const definition = t.definition;
  if (s.info.era === "modern" && s.info.transport === "http" && hasHeaderMarks(definition)) {
    // Only the SDK's callTool() mirrors `x-mcp-header` parameters into Mcp-Param-* headers.
    return clocked(s, o, timeout, (ro) =>
      s.request(
        `tools/call ${t.name}`,
        (c) =>
          (
            c.callTool(
              { name: t.name, arguments: t.args },
              { ...ro, toolDefinition: definition },
            ) as Promise<Result>
          ).catch(orTask(c)),
        timeout,
        o?.signal,
      ),
    );
  }
  const params = { name: t.name, arguments: t.args };
  return clocked(s, o, timeout, (ro) =>
    s.request(
      `tools/call ${t.name}`,
      (c) => c.request({ method: "tools/call", params }, LenientObjectResult, ro).catch(orTask(c)),
      timeout,
      o?.signal,
    ),
  );
}
