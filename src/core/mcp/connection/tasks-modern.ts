// Tasks on 2026-07-28 connections (§7; the tasks extension, SEP-2663, `io.modelcontextprotocol/tasks`). We
// declare the extension on every request; the server decides per call whether to answer `tools/call` with a
// task handle (`resultType: "task"`). Then we poll `tasks/get` at the server's `pollIntervalMs` until the task
// is terminal: `completed` carries the tool's result, `failed` the JSON-RPC error, `cancelled` nothing. An
// `input_required` task lists server requests in `inputRequests` (elicitation, roots, sampling), answered once
// per key through the client's own handlers and sent back with `tasks/update`. On Ctrl-C or timeout we send
// `tasks/cancel` (ack only; `notifications/cancelled` must not be used for tasks). There is no `tasks/result`
// and no progress notification for tasks: the status message is the progress.
import { z } from "zod";
import { CodeagentError, errorMessage } from "../../errors.js";
import { stripControlLine } from "../../text/strip.js";
import { abortableSleep, pollDelayMs, type TaskRequest } from "./tasks-poll.js";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** Whether a 2026-07-28 server advertises the tasks extension in its `server/discover` capabilities. */
export function offersTasksExtension(capabilities: Record<string, unknown>): boolean {
  const ext = capabilities.extensions;
  return typeof ext === "object" && ext !== null && TASKS_EXTENSION in ext;
}

export const DetailedTask = z.looseObject({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  pollIntervalMs: z.number().nullish(),
  inputRequests: z.record(z.string(), z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).optional(),
});
export type DetailedTask = z.infer<typeof DetailedTask>;

/** What the loop does after reading a task's state (a pure rule, table-tested). */
export type TaskStep =
  | { kind: "poll"; delayMs: number }
  | { kind: "answer"; requests: [key: string, request: unknown][]; delayMs: number }
  | { kind: "completed"; result: Record<string, unknown> }
  | { kind: "failed"; error: CodeagentError }
  | { kind: "cancelled"; error: CodeagentError };

export function nextTaskStep(task: DetailedTask, answered: ReadonlySet<string>): TaskStep {
  const delayMs = pollDelayMs(task.pollIntervalMs ?? undefined);
  const id = stripControlLine(task.taskId).slice(0, 80);
  const said = task.statusMessage !== undefined ? `: ${stripControlLine(task.statusMessage)}` : "";
  switch (task.status) {
    case "completed":
      if (task.result !== undefined) return { kind: "completed", result: task.result };
      return {
        kind: "failed",
        error: new CodeagentError("PROTOCOL_ERROR", `task ${id} completed without a result`),
      };
    case "failed": {
      const e = task.error;
      const what = e?.message !== undefined ? stripControlLine(e.message) : "no error given";
      const code = e?.code !== undefined ? ` (code ${e.code})` : "";
      // Servers often put the error's own words in the status message too: say them once.
      const also =
        task.statusMessage !== undefined && what.includes(stripControlLine(task.statusMessage)) ? "" : said;
      return {
        kind: "failed",
        error: new CodeagentError("PROTOCOL_ERROR", `task ${id} failed: ${what}${code}${also}`),
      };
    }
    case "cancelled":
      return {
        kind: "cancelled",
        error: new CodeagentError("CANCELLED", `the server cancelled task ${id}${said}`),
      };
    case "input_required": {
      // A key stays listed until the server has taken the answer in: each one is answered once.
      const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
      return fresh.length > 0 ? { kind: "answer", requests: fresh, delayMs } : { kind: "poll", delayMs };
    }
    default:
      // `working`, and any status a later revision adds: keep polling.
      return { kind: "poll", delayMs };
  }
}

/** The line a status change shows as progress ("working: Gathering sources…"). */
export function statusLine(task: Pick<DetailedTask, "status" | "statusMessage">): string {
  const status = stripControlLine(task.status).slice(0, 40);
  return task.statusMessage === undefined ? status : `${status}: ${stripControlLine(task.statusMessage)}`;
}

export interface ModernTaskOptions {
  /** The `CreateTaskResult` the `tools/call` was answered with. */
  handle: Record<string, unknown>;
  /** The tool, for messages. */
  tool: string;
  /** Sends a task request (`tasks/get`, `tasks/update`, `tasks/cancel`) under the call's signal. */
  request: TaskRequest;
  /** Sends `tasks/cancel` once the call's signal has fired (its own short deadline). */
  cancel: (taskId: string) => Promise<void>;
  /** Answers one server request of an `input_required` task through the client's handlers. */
  answer: (
    method: string,
    params: Record<string, unknown> | undefined,
    signal: AbortSignal,
  ) => Promise<unknown>;
  signal: AbortSignal;
  log: (text: string) => void;
  onStatus?: (line: string) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const Ack = z.looseObject({});
const TERMINAL = new Set(["completed", "failed", "cancelled"]);

export async function runModernTask(o: ModernTaskOptions): Promise<Record<string, unknown>> {
  const sleep = o.sleep ?? abortableSleep;
  const first = DetailedTask.safeParse(o.handle);
  if (!first.success)
    throw new CodeagentError(
      "PROTOCOL_ERROR",
      `tools/call ${o.tool} was answered with a task handle without a taskId and status`,
    );
  let task = first.data;
  const taskId = task.taskId;
  const answered = new Set<string>();
  let shown = "";
  const show = (t: DetailedTask) => {
    const line = statusLine(t);
    if (line === shown) return;
    shown = line;
    o.onStatus?.(line);
  };
  o.log(`task ${taskId} started for ${o.tool} (${task.status}; 2026-07-28 tasks extension)`);
  show(task);
  try {
    for (;;) {
      const step = nextTaskStep(task, answered);
      if (step.kind === "completed") {
        o.log(`task ${taskId} completed`);
        return step.result;
      }
      if (step.kind === "failed" || step.kind === "cancelled") {
        o.log(`task ${taskId} ${task.status}`);
        throw step.error;
      }
      if (step.kind === "answer") {
        const inputResponses: Record<string, unknown> = {};
        for (const [key, entry] of step.requests) {
          inputResponses[key] = await answerOne(o, key, entry);
          answered.add(key);
        }
        await o.request("tasks/update", { taskId, inputResponses }, Ack);
        o.log(`task ${taskId}: answered ${Object.keys(inputResponses).join(", ")}`);
      }
      await sleep(step.delayMs, o.signal);
      task = await o.request("tasks/get", { taskId }, DetailedTask);
      show(task);
    }
  } catch (e) {
    // Ctrl-C, the time cap, or a request we cannot answer: the task is abandoned, so the server is told.
    if (!TERMINAL.has(task.status)) {
      o.log(`task ${taskId} cancelled`);
      await o
        .cancel(taskId)
        .catch((err: unknown) => o.log(`tasks/cancel for task ${taskId} failed: ${errorMessage(err)}`));
    }
    throw e;
  }
}

async function answerOne(o: ModernTaskOptions, key: string, entry: unknown): Promise<unknown> {
  const req = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
  const method = typeof req.method === "string" ? req.method : undefined;
  if (method === undefined)
    throw new CodeagentError("PROTOCOL_ERROR", `task input request "${key}" has no method`);
  const params =
    typeof req.params === "object" && req.params !== null
      ? (req.params as Record<string, unknown>)
      : undefined;
  return o.answer(method, params, o.signal);
}
