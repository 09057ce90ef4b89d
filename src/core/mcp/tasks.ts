// Tools that run as tasks (§7; 2025-11-25 `execution.taskSupport: "required"`): `tools/call` with a `task`
// field answers at once with a task id; we poll `tasks/get` at the server's interval (progress flows as usual
// on the call's progress token), fetch the outcome with `tasks/result`, and on Ctrl-C or timeout send
// `tasks/cancel`. The SDK v2 keeps the 2025 task messages only as wire vocabulary (its task layer was
// removed, SEP-2663), so the loop is ours; requests go out with explicit lenient schemas.
import { z } from "zod";
import { CodeagentError } from "../errors.js";

export const TaskState = z.looseObject({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  pollInterval: z.number().optional(),
});
export type TaskState = z.infer<typeof TaskState>;
const CreateTaskResult = z.looseObject({ task: TaskState });

/** Whether a server takes task-augmented `tools/call` (capability `tasks.requests.tools.call`). */
export function canCallToolsAsTasks(capabilities: Record<string, unknown>): boolean {
  const tasks = capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return tasks?.requests?.tools?.call !== undefined;
}

/** The next poll delay: the server's interval, kept between 100 ms and 5 s (a hostile 0 or an hour). */
export function pollDelayMs(task: Pick<TaskState, "pollInterval">): number {
  const ms = task.pollInterval ?? 1000;
  return Math.min(5000, Math.max(100, Number.isFinite(ms) ? ms : 1000));
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** One request of the loop: method, params, result schema, and the abort signal of the call. */
export type TaskRequest = <T extends z.ZodType>(
  method: string,
  params: Record<string, unknown>,
  schema: T,
) => Promise<z.infer<T>>;

export interface RunTaskOptions {
  request: TaskRequest;
  /** The `tools/call` params (name, arguments, _meta with the progress token). */
  params: Record<string, unknown>;
  signal: AbortSignal;
  log: (text: string) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export async function runToolAsTask(o: RunTaskOptions): Promise<Record<string, unknown>> {
  const sleep = o.sleep ?? abortableSleep;
  const created = await o.request("tools/call", { ...o.params, task: {} }, CreateTaskResult);
  let task = created.task;
  o.log(`task ${task.taskId} started for ${String(o.params.name)} (${task.status})`);
  try {
    while (!TERMINAL.has(task.status)) {
      if (task.status === "input_required") break; // tasks/result delivers the server's requests
      await sleep(pollDelayMs(task), o.signal);
      task = await o.request("tasks/get", { taskId: task.taskId }, TaskState);
    }
  } catch (e) {
    if (o.signal.aborted) {
      o.log(`task ${task.taskId} cancelled`);
      await o.request("tasks/cancel", { taskId: task.taskId }, z.looseObject({})).catch(() => undefined);
    }
    throw e;
  }
  o.log(`task ${task.taskId} ${task.status}`);
  if (task.status === "cancelled")
    throw new CodeagentError("CANCELLED", `the server cancelled task ${task.taskId}`);
  return o.request("tasks/result", { taskId: task.taskId }, z.looseObject({}));
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
