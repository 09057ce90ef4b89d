// Tasks that pass through (§22): when a 2026-07-28 upstream answers a stateless caller's call with a task (the
// tasks extension), the caller gets that task under an id of its own store, and its `tasks/get`, `tasks/update`
// and `tasks/cancel` are relayed to the upstream's task, one request each: status, questions, result and
// cancel are the upstream's own, not a copy run here. What comes back is upstream text, judged here: the id is
// the caller's, status messages are stripped, questions lose their `_meta`, a result is capped as a call's is,
// and an upstream's error is not passed on (it may carry its stderr or a credential).
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { isCodeagentError } from "../errors.js";
import type { RelayedTaskMethod } from "../mcp/connection/tasks-relay.js";
import { stripControlLine } from "../text/strip.js";
import type { CallerTasks, UpstreamTask } from "./caller-tasks.js";
import type { GatewayHost } from "./catalog.js";
import { forwardResult } from "./upstream.js";

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

const STATUSES = new Set(["working", "input_required", "completed", "failed", "cancelled"]);
const MAX_MESSAGE = 1000;
const text = (v: unknown) => (typeof v === "string" ? stripControlLine(v).slice(0, MAX_MESSAGE) : undefined);

/** Pure: the questions of an `input_required` task, as the caller may answer them (keys kept, `_meta` not). */
function questions(v: unknown): Loose | undefined {
  if (!isObject(v)) return undefined;
  const out: Loose = {};
  for (const [key, q] of Object.entries(v)) {
    if (!isObject(q) || typeof q.method !== "string") continue;
    const params = isObject(q.params) ? (({ _meta: _, ...rest }) => rest)(q.params) : undefined;
    out[key] = { method: q.method, ...(params !== undefined && { params }) };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function resultOf(r: Loose): Loose {
  try {
    return forwardResult(r);
  } catch {
    const said = "the result is larger than the gateway sends; ask the tool for less";
    return { content: [{ type: "text", text: said }], isError: true };
  }
}

/**
 * Pure: the upstream's task (a `CreateTaskResult` or a `tasks/get` answer) as its caller sees it, under the
 * caller's id `taskId`. `input_required` lists what is asked (without questions it reads as working); a
 * completed task carries its result, a failed one a fixed error (the upstream's code, not its words).
 */
export function relayedView(taskId: string, up: Loose, now = new Date()): Loose {
  let status = typeof up.status === "string" && STATUSES.has(up.status) ? up.status : "working";
  const asked = status === "input_required" ? questions(up.inputRequests) : undefined;
  if (status === "input_required" && asked === undefined) status = "working";
  if (status === "completed" && !isObject(up.result)) status = "failed";
  const stamp = (v: unknown) =>
    typeof v === "string" && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : now.toISOString();
  const message = text(up.statusMessage);
  const code = isObject(up.error) && typeof up.error.code === "number" ? up.error.code : -32603;
  return {
    taskId,
    status,
    ...(message !== undefined && status !== "failed" && { statusMessage: message }),
    createdAt: stamp(up.createdAt),
    lastUpdatedAt: stamp(up.lastUpdatedAt),
    ttlMs: typeof up.ttlMs === "number" && up.ttlMs >= 0 ? up.ttlMs : null,
    ...(typeof up.pollIntervalMs === "number" &&
      up.pollIntervalMs >= 0 && { pollIntervalMs: up.pollIntervalMs }),
    ...(asked !== undefined && { inputRequests: asked }),
    ...(status === "completed" && isObject(up.result) && { result: resultOf(up.result) }),
    ...(status === "failed" && { error: { code, message: "the task failed on its upstream server" } }),
  };
}

/** One request of a caller on its relayed task `id`, sent to the upstream's task. */
async function relay(
  host: Pick<GatewayHost, "manager">,
  link: UpstreamTask,
  method: RelayedTaskMethod,
  extra: Loose,
  signal: AbortSignal,
): Promise<Loose> {
  try {
    return await host.manager.taskRequest(link.server, method, { ...extra, taskId: link.taskId }, { signal });
  } catch (e) {
    const code = isCodeagentError(e) ? e.code : "INTERNAL";
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `${method} did not reach the task on its upstream server (${code}); it may have ended there, or the server restarted`,
    );
  }
}

export interface RelayedRequest {
  host: Pick<GatewayHost, "manager">;
  store: CallerTasks;
  taskId: string;
  link: UpstreamTask;
  signal: AbortSignal;
}

/** `tasks/get`: the upstream's task as the caller sees it; the caller's link to it is kept for its ttl. */
export async function relayGet(r: RelayedRequest): Promise<Loose> {
  const up = await relay(r.host, r.link, "tasks/get", {}, r.signal);
  r.store.renew(r.taskId, up.ttlMs);
  return relayedView(r.taskId, up);
}

/** `tasks/update`: the caller's answers, keyed as the upstream asked, go to the upstream's task. */
export async function relayUpdate(r: RelayedRequest, inputResponses: Loose): Promise<Loose> {
  await relay(r.host, r.link, "tasks/update", { inputResponses }, r.signal);
  return {};
}

/** `tasks/cancel`: reaches the upstream's task; an acknowledgement, as the extension's is. */
export async function relayCancel(r: RelayedRequest): Promise<Loose> {
  await relay(r.host, r.link, "tasks/cancel", {}, r.signal);
  return {};
}
