// Tools that run as tasks on 2025-era connections (§7; 2025-11-25 `execution.taskSupport: "required"`):
// `tools/call` with a `task` field answers at once with a task id; we poll `tasks/get` at the server's interval
// (its progress keeps coming on the call's progress token, and its status message is shown too), fetch the
// outcome with `tasks/result`, and on Ctrl-C or timeout send `tasks/cancel`. An `input_required` task is
// resolved by `tasks/result` itself: it stays open while the server sends its requests (elicitation…), which
// the client's handlers answer. The SDK v2 keeps the 2025 task messages only as wire vocabulary (its task
// layer was removed, SEP-2663), so the loop is ours; requests go out with explicit lenient schemas.
import { z } from "zod";
import { CodeagentError, errorMessage } from "../../errors.js";
import { stripControlLine } from "../../text/strip.js";
import { abortableSleep, pollDelayMs, type TaskRequest } from "./tasks-poll.js";

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

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

export interface RunTaskOptions {
  request: TaskRequest;
  /** `tasks/result`, which may stay open until the task ends (it gets the rest of the task's time). */
  result: (taskId: string) => Promise<Record<string, unknown>>;
  /** Sends `tasks/cancel` once the call's signal has fired (its own short deadline). */
  cancel: (taskId: string) => Promise<void>;
  /** The `tools/call` params (name, arguments, _meta with the progress token). */
  params: Record<string, unknown>;
  signal: AbortSignal;
  log: (text: string) => void;
  onStatus?: (line: string) => void;
  /**
   * Hands the task's status notifications (the server's own pushes, which may come while `tasks/result` is
   * open) to the listener until the returned function is called.
   */
  watch?: (taskId: string, listener: (status: unknown) => void) => () => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export async function runToolAsTask(o: RunTaskOptions): Promise<Record<string, unknown>> {
  const sleep = o.sleep ?? abortableSleep;
  const created = await o.request("tools/call", { ...o.params, task: {} }, CreateTaskResult);
  let task = created.task;
  o.log(`task ${task.taskId} started for ${String(o.params.name)} (${task.status})`);
  let shown = "";
  const show = (t: TaskState) => {
    const line =
      t.statusMessage === undefined ? t.status : `${t.status}: ${stripControlLine(t.statusMessage)}`;
    if (line !== shown) o.onStatus?.((shown = line));
  };
  show(task);
  const unwatch = o.watch?.(task.taskId, (pushed) => {
    const t = TaskState.safeParse(pushed);
    if (t.success && t.data.taskId === task.taskId) show(t.data);
  });
  try {
    while (!TERMINAL.has(task.status)) {
      if (task.status === "input_required") break; // tasks/result delivers the server's requests
      await sleep(pollDelayMs(task.pollInterval), o.signal);
      task = await o.request("tasks/get", { taskId: task.taskId }, TaskState);
      show(task);
    }
    o.log(`task ${task.taskId} ${task.status}`);
    if (task.status === "cancelled")
      throw new CodeagentError("CANCELLED", `the server cancelled task ${task.taskId}`);
    return await o.result(task.taskId);
  } catch (e) {
    if (!TERMINAL.has(task.status) || o.signal.aborted) {
      o.log(`task ${task.taskId} cancelled`);
      await o
        .cancel(task.taskId)
        .catch((err: unknown) => o.log(`tasks/cancel for task ${task.taskId} failed: ${errorMessage(err)}`));
    }
    throw e;
  } finally {
    unwatch?.();
  }
}
