// The task half of a caller's front (§22, 2025-11-25 `tasks`): `tasks/get`, `tasks/result`, `tasks/list` and
// `tasks/cancel` on the caller's own store (caller-tasks.ts), and the task-augmented `tools/call` that fills
// it. The call runs on its upstream server through the host, as any call does (pins, approvals, supervisors,
// the upstream's own task and its `tasks/cancel`); the upstream task's status reaches the caller as
// `notifications/tasks/status` of this task, its progress on the caller's token, and its questions as
// `elicitation/create` requests to the caller (related to this task), never answered for it.
import type { ElicitResult, Server, ServerContext } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY } from "@modelcontextprotocol/server";
import { CallerTasks, statusFromProgress, type TaskState } from "./caller-tasks.js";
import { runUpstream, type CallDeps, type Caller } from "./call-tool.js";
import type { CallerTool } from "./catalog.js";

/** The `tasks` capability the front declares when it serves tasks. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** Pure: whether a caller may run this tool as a task (its upstream server runs it as one, or may). */
export const taskCapable = (t: Pick<CallerTool, "raw">) =>
  t.raw?.taskSupport === "optional" || t.raw?.taskSupport === "required";

const related = (taskId: string) => ({ [RELATED_TASK_META_KEY]: { taskId } });

type TaskMethod = "tasks/get" | "tasks/list" | "tasks/cancel" | "tasks/result";

/**
 * A `tasks/*` handler. They are 2025-11-25 spec methods (the SDK parses them with that era's schemas), but the
 * SDK's types no longer list them: it has no task runtime of its own.
 */
function on(server: Server, method: TaskMethod, handler: (params: { taskId?: unknown }) => Promise<object>) {
  const set = server.setRequestHandler.bind(server) as unknown as (
    m: string,
    h: (req: { params?: { taskId?: unknown } }) => Promise<object>,
  ) => void;
  set(method, (req) => handler(req.params ?? {}));
}

export interface TaskFront {
  /** Answers a task-augmented `tools/call` of `tool` with the task it started. */
  call(
    tool: CallerTool,
    args: Record<string, unknown>,
    task: { ttl?: unknown },
    ctx: ServerContext,
  ): { task: TaskState; content: [] };
  close(): void;
}

/** Registers the `tasks/*` handlers on `server` for `caller`'s store and returns the task-call half. */
export function serveTasks(server: Server, d: CallDeps, caller: Caller): TaskFront {
  const notify = (state: TaskState) =>
    void server
      .notification({ method: "notifications/tasks/status", params: { ...state } })
      .catch(() => undefined);
  const store = new CallerTasks(notify);
  on(server, "tasks/get", (p) => Promise.resolve(store.get(p.taskId)));
  on(server, "tasks/list", () => Promise.resolve({ tasks: store.list() }));
  on(server, "tasks/cancel", (p) => Promise.resolve(store.cancel(p.taskId)));
  on(server, "tasks/result", async (p) => {
    const { state, result } = await store.result(p.taskId);
    return { ...result, _meta: related(state.taskId) };
  });
  return {
    call(tool, args, task, ctx) {
      if (!taskCapable(tool))
        throw new ProtocolError(
          ProtocolErrorCode.MethodNotFound,
          `${tool.name} does not run as a task (its tools/list entry has no execution.taskSupport); call it without "task"`,
        );
      const token = ctx.mcpReq._meta?.progressToken;
      let taskId = "";
      const state = store.start(task.ttl, ({ signal, update }) =>
        runUpstream(d, caller, tool, args, {
          signal,
          ask: async (params, s): Promise<ElicitResult> => {
            update("input_required", "waiting for the caller's answer");
            try {
              // The upstream request's own `_meta` is not the caller's business; the task it belongs to is.
              const { _meta: _, ...rest } = params;
              return await server.elicitInput({ ...rest, _meta: related(taskId) }, { signal: s });
            } catch {
              // A caller that cannot be asked (no elicitation capability, gone) declines.
              return { action: "decline" };
            } finally {
              update("working");
            }
          },
          onProgress: (p) => {
            const status = statusFromProgress(p.message);
            if (status !== undefined) return update(status.status, status.statusMessage);
            if (token === undefined) return;
            void server
              .notification({ method: "notifications/progress", params: { progressToken: token, ...p } })
              .catch(() => undefined);
          },
        }),
      );
      taskId = state.taskId;
      return { task: state, content: [] };
    },
    close: () => store.closeAll(),
  };
}
