// The seam between the SDK and the task messages it does not speak (§7). The SDK v2 has no task runtime: on a
// 2026-07-28 connection its decoder rejects a `tools/call` answered with `resultType: "task"` (the tasks
// extension, SEP-2663) before any handler sees the body, and it refuses to send `tasks/get` / `tasks/cancel`
// there (they are 2025 vocabulary to it); on a 2025-era connection it drops the progress handler of a
// task-augmented `tools/call` as soon as the task handle arrives, while the server's progress for the task
// keeps coming on that token. This tap on the transport, installed before `connect()` (the SDK chains an
// existing `onmessage` in front of its own), fixes those three things and nothing else:
// - a `tools/call` response carrying a task handle becomes an error response whose data holds the handle
//   (marked, so no server error can pass for one), and the call's promise rejects with it;
// - requests sent as `codeagent/tasks/…` leave as `tasks/…` (the SDK's era gate sees an extension method,
//   the server the real one; timeouts, cancellation, the `_meta` envelope and headers stay the SDK's);
// - progress on a token registered here goes to its listener instead of the SDK (which would report an
//   unknown token), and a 2025-11-25 server's `notifications/tasks/status` for a task registered here goes to
//   its listener (the SDK drops it: it has no task runtime).
import { randomUUID } from "node:crypto";
import type { JSONRPCMessage, Progress, Transport, TransportSendOptions } from "@modelcontextprotocol/client";

/** The prefix under which task methods go through the SDK; the tap takes it off on the way out. */
export const TASK_METHOD_ALIAS = "codeagent/";

/** JSON-RPC code of the stand-in error that carries a task handle (the marker in `data` tells it apart). */
const TASK_HANDLE_CODE = -32099;

export interface TaskWire {
  /** The task (2026-07-28 `CreateTaskResult`) a `tools/call` was answered with, if `e` is that stand-in. */
  taskHandleOf(e: unknown): Record<string, unknown> | undefined;
  /** Routes progress on `token` to `listener` until the returned function is called. */
  onProgress(token: string, listener: (p: Progress) => void): () => void;
  /** Routes the server's status notifications of task `taskId` to `listener` until the returned function is called. */
  onTaskStatus(taskId: string, listener: (status: Loose) => void): () => void;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

export function tapTaskWire(transport: Transport): TaskWire {
  const marker = randomUUID();
  /** Ids of `tools/call` requests on their way: only their answers may carry a task handle. */
  const toolCalls = new Set<string | number>();
  const progress = new Map<string, (p: Progress) => void>();
  const statuses = new Map<string, (status: Loose) => void>();

  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    if ("method" in message && "id" in message) {
      if (message.method === "tools/call") toolCalls.add(message.id);
      else if (message.method.startsWith(`${TASK_METHOD_ALIAS}tasks/`))
        return send({ ...message, method: message.method.slice(TASK_METHOD_ALIAS.length) }, options);
    }
    return send(message, options);
  };

  const before = transport.onmessage;
  transport.onmessage = (message, extra) => {
    inspect(message);
    before?.(message, extra);
  };

  function inspect(m: Loose): void {
    const id = m.id;
    if ((typeof id === "string" || typeof id === "number") && !("method" in m)) {
      if (!toolCalls.delete(id)) return;
      const result = m.result;
      if (isObject(result) && result.resultType === "task") {
        // In place: the SDK's handler, which runs right after this one, reads this same object.
        delete m.result;
        m.error = {
          code: TASK_HANDLE_CODE,
          message: "the server answered with a task",
          data: { taskHandle: result, marker },
        };
      }
      return;
    }
    if (m.method === "notifications/tasks/status" && isObject(m.params)) {
      const taskId = m.params.taskId;
      if (typeof taskId === "string") statuses.get(taskId)?.(m.params);
      return;
    }
    if (m.method === "notifications/progress" && isObject(m.params)) {
      const token = m.params.progressToken;
      const listener = typeof token === "string" ? progress.get(token) : undefined;
      if (listener === undefined) return;
      const { progress: value, total, message } = m.params;
      if (typeof value === "number")
        listener({
          progress: value,
          ...(typeof total === "number" && { total }),
          ...(typeof message === "string" && { message }),
        });
      // A method the SDK has no handler for is dropped silently.
      m.method = `${TASK_METHOD_ALIAS}notifications/progress`;
    }
  }

  return {
    taskHandleOf(e) {
      // The stand-in may come back wrapped (e.g. by the SDK's multi-round-trip engine, after input_required).
      for (let cur: unknown = e, i = 0; i < 5 && cur instanceof Error; i++, cur = cur.cause) {
        if ((cur as { code?: unknown }).code !== TASK_HANDLE_CODE) continue;
        const data = (cur as { data?: unknown }).data;
        if (isObject(data) && data.marker === marker && isObject(data.taskHandle)) return data.taskHandle;
      }
      return undefined;
    },
    onProgress(token, listener) {
      progress.set(token, listener);
      return () => progress.delete(token);
    },
    onTaskStatus(taskId, listener) {
      statuses.set(taskId, listener);
      return () => statuses.delete(taskId);
    },
  };
}
