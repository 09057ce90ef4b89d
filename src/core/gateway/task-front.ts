// The task half of a caller's front (§22), for both eras of caller:
// - 2025-11-25 `tasks` (a connection: stdio, a 2025-era HTTP session): a task-augmented `tools/call` fills the
//   connection's own store; `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` answer from it; the
//   upstream task's status reaches the caller as `notifications/tasks/status`, its progress on the caller's
//   token, its questions as `elicitation/create` requests to the caller (related to the task).
// - the tasks extension (`io.modelcontextprotocol/tasks`, stateless 2026-07-28 requests): a `tools/call` from a
//   caller that declares the extension, of a tool its upstream runs as a task, is answered with a task handle
//   (`resultType: "task"`); the task lives in the caller identity's store (caller-task-stores.ts) and is read
//   with `tasks/get` (its result inline once done), answered with `tasks/update` (the upstream's questions as
//   `inputRequests`), ended with `tasks/cancel`. No `tasks/list` and no `tasks/result` in that era. When the
//   upstream is itself a 2026-07-28 server that answers with a task, that task passes through: the caller's
//   id links to it, and its task requests are relayed there (task-relay.ts) instead of answered here.
// Either way the call runs on its upstream server through the host, as any call does (pins, approvals,
// supervisors, the upstream's own task and its `tasks/cancel`), and nothing is answered for the caller.
import type {
  CallToolResult as WireResult,
  ElicitResult,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY } from "@modelcontextprotocol/server";
import { z } from "zod";
import { CodeagentError } from "../errors.js";
import { CallerTasks, statusFromProgress, type TaskState } from "./caller-tasks.js";
import { extensionTask, type CallerTaskStores } from "./caller-task-stores.js";
import { runUpstream, type CallDeps, type Caller } from "./call-tool.js";
import { ANSWER_WAIT_MS } from "./pending-call.js";
import { taskCapable, type CallerTool } from "./catalog.js";
import { relayCancel, relayedView, relayGet, relayUpdate, type RelayedRequest } from "./task-relay.js";

/** The `tasks` capability the front declares when it serves 2025-11-25 tasks. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

export { taskCapable } from "./catalog.js";

/** Pure: a caller's answer to an elicitation, as the upstream may take it; anything else cancels. */
export function elicitAnswer(v: unknown): ElicitResult {
  if (typeof v !== "object" || v === null) return { action: "cancel" };
  const { action, content } = v as { action?: unknown; content?: unknown };
  if (action === "decline" || action === "cancel") return { action };
  if (action !== "accept") return { action: "cancel" };
  return content !== null && typeof content === "object" && !Array.isArray(content)
    ? { action, content: content as ElicitResult["content"] }
    : { action };
}

const related = (taskId: string) => ({ [RELATED_TASK_META_KEY]: { taskId } });

/** A 2026-07-28 request carries its protocol version in its `_meta` envelope; a 2025-era one never does. */
const isStateless = (ctx: ServerContext) =>
  (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
    "io.modelcontextprotocol/protocolVersion"
  ] !== undefined;

const TaskParams = z.looseObject({ taskId: z.unknown().optional() });
type Handler = (p: { taskId?: unknown }, ctx: ServerContext) => Promise<object>;

/**
 * A task method's handler. The SDK has no task runtime of either era: `tasks/*` are 2025-11-25 methods its
 * types no longer list, and `tasks/update` is the extension's; they are registered as custom methods.
 */
function on(server: Server, method: string, handler: Handler) {
  const set = server.setRequestHandler.bind(server) as unknown as (
    m: string,
    schemas: { params: typeof TaskParams },
    h: Handler,
  ) => void;
  set(method, { params: TaskParams }, handler);
}

export interface TaskFront {
  /** Answers a task-augmented (2025-11-25) `tools/call` of `tool` with the task it started. */
  call(
    tool: CallerTool,
    args: Record<string, unknown>,
    task: { ttl?: unknown },
    ctx: ServerContext,
  ): { task: TaskState; content: [] };
  /** Answers a stateless caller's `tools/call` of `tool` with a task handle; undefined without a store. */
  callStateless(tool: CallerTool, args: Record<string, unknown>): Record<string, unknown> | undefined;
  /**
   * For a stateless caller's call of `tool` on a 2026-07-28 upstream: what the upstream's task handle becomes
   * (the caller's task, relayed to the upstream's: task-relay.ts); undefined without a store. Refused, before
   * the call, when the caller or the gateway holds too many tasks.
   */
  passThrough(tool: CallerTool): ((handle: Record<string, unknown>) => WireResult) | undefined;
  close(): void;
}

export interface TaskStores {
  /** The caller holds a connection: 2025-11-25 tasks, kept until it closes. */
  session: boolean;
  /** Stateless callers' stores, by caller identity. */
  stateless?: CallerTaskStores;
}

const notHere = (method: string, why: string) =>
  new ProtocolError(ProtocolErrorCode.MethodNotFound, `${method} is not served here: ${why}`);

/** Registers the task methods on `server` for `caller` and returns the task-call half. */
export function serveTasks(server: Server, d: CallDeps, caller: Caller, stores: TaskStores): TaskFront {
  const notify = (state: TaskState) =>
    void server
      .notification({ method: "notifications/tasks/status", params: { ...state } })
      .catch(() => undefined);
  const session = new CallerTasks(notify);
  const mine = () => {
    if (stores.stateless === undefined)
      throw notHere("tasks", "this gateway keeps no tasks for stateless callers");
    return stores.stateless.find(caller.id);
  };
  const legacy = (method: string, ctx: ServerContext) => {
    if (isStateless(ctx))
      throw notHere(method, "the tasks extension (2026-07-28) has tasks/get, tasks/update and tasks/cancel");
    if (!stores.session) throw notHere(method, "2025-11-25 tasks need a session (Mcp-Session-Id)");
    return session;
  };
  /** A stateless caller's request on a task relayed to its upstream; undefined for a task run here. */
  const relayed = (id: unknown, ctx: ServerContext): RelayedRequest | undefined => {
    const store = mine();
    const link = store.linkOf(id);
    return link && { host: d.host, store, taskId: id as string, link, signal: ctx.mcpReq.signal };
  };
  on(server, "tasks/get", (p, ctx) => {
    if (!isStateless(ctx)) return Promise.resolve(legacy("tasks/get", ctx).get(p.taskId));
    const r = relayed(p.taskId, ctx);
    return r !== undefined ? relayGet(r) : Promise.resolve(extensionTask(mine().detail(p.taskId)));
  });
  on(server, "tasks/update", (p, ctx) => {
    if (!isStateless(ctx)) throw notHere("tasks/update", "it belongs to the tasks extension (2026-07-28)");
    const r = relayed(p.taskId, ctx);
    if (r !== undefined) return relayUpdate(r, ctx.mcpReq.inputResponses ?? {});
    mine().respond(p.taskId, ctx.mcpReq.inputResponses ?? {});
    return Promise.resolve({});
  });
  on(server, "tasks/cancel", (p, ctx) => {
    if (!isStateless(ctx)) return Promise.resolve(legacy("tasks/cancel", ctx).cancel(p.taskId));
    const r = relayed(p.taskId, ctx);
    if (r !== undefined) return relayCancel(r);
    // The extension's cancel is an acknowledgement: a task that already ended stays as it ended.
    const store = mine();
    if (store.get(p.taskId).status === "working" || store.get(p.taskId).status === "input_required")
      store.cancel(p.taskId);
    return Promise.resolve({});
  });
  on(server, "tasks/list", (_p, ctx) => Promise.resolve({ tasks: legacy("tasks/list", ctx).list() }));
  on(server, "tasks/result", async (p, ctx) => {
    const { state, result } = await legacy("tasks/result", ctx).result(p.taskId);
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
      const state = session.start(task.ttl, ({ signal, update }) =>
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
    callStateless(tool, args) {
      if (stores.stateless === undefined) return undefined;
      const state = stores.stateless.of(caller.id).start(undefined, ({ signal, update, input }) =>
        runUpstream(d, caller, tool, args, {
          signal,
          // The question waits in the task's `inputRequests` until a `tasks/update` answers it (or the wait
          // for an answer is over: then the upstream is told the caller cancelled).
          ask: async (params, s): Promise<ElicitResult> => {
            const { _meta: _, ...rest } = params;
            try {
              const wait = AbortSignal.any([s, AbortSignal.timeout(ANSWER_WAIT_MS)]);
              return elicitAnswer(await input({ method: "elicitation/create", params: rest }, wait));
            } catch {
              return { action: "cancel" };
            }
          },
          // The extension has no progress for tasks: the upstream's stages show as the status message.
          onProgress: (p) => {
            const status = statusFromProgress(p.message);
            if (status !== undefined) update(status.status, status.statusMessage);
          },
        }),
      );
      return { resultType: "task", ...extensionTask({ state }) };
    },
    passThrough(tool) {
      const stateless = stores.stateless;
      if (stateless === undefined) return undefined;
      stateless.room(caller.id);
      return (handle) => {
        if (typeof handle.taskId !== "string")
          throw new CodeagentError("PROTOCOL_ERROR", `${tool.name}: a task handle without a taskId`);
        const link = { server: tool.server, taskId: handle.taskId };
        const taskId = stateless.adopt(caller.id, link, handle.ttlMs);
        return { resultType: "task", ...relayedView(taskId, handle) } as unknown as WireResult;
      };
    },
    close: () => session.closeAll(),
  };
}
