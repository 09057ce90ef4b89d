// Requests on a 2026-07-28 server's task that this host does not run itself (§22): the gateway hands a task an
// upstream answered with to its caller, and relays the caller's `tasks/get`, `tasks/update` and `tasks/cancel`
// to it, one request each, through the same seam as the host's own task loop (tasks-wire.ts).
import { CodeagentError } from "../../errors.js";
import { requestOptions } from "./call-options.js";
import { LenientObjectResult } from "./lenient-results.js";
import type { Session } from "./session.js";
import { TASK_METHOD_ALIAS } from "./tasks-wire.js";
import type { CallOptions } from "./types.js";

/** The task methods of the tasks extension a host may relay. */
export type RelayedTaskMethod = "tasks/get" | "tasks/update" | "tasks/cancel";

export function relayTaskRequest(
  s: Session,
  method: RelayedTaskMethod,
  params: { taskId: string } & Record<string, unknown>,
  o?: CallOptions,
): Promise<Record<string, unknown>> {
  if (s.info.era !== "modern" || s.taskWire === undefined)
    return Promise.reject(
      new CodeagentError("PROTOCOL_ERROR", `${method} needs a 2026-07-28 server with the tasks extension`),
    );
  const ms = o?.timeoutMs ?? s.config.timeoutMs;
  const timeout = { ms, setting: "timeoutMs in the server config" };
  return s.request(
    method,
    (c) =>
      c.request(
        { method: `${TASK_METHOD_ALIAS}${method}`, params },
        LenientObjectResult,
        requestOptions(o, ms, s.config.maxTotalTimeoutMs),
      ),
    timeout,
    o?.signal,
  );
}
