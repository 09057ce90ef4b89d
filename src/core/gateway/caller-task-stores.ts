// Tasks of stateless 2026-07-28 callers (§22, the tasks extension `io.modelcontextprotocol/tasks`). Such a
// caller keeps no connection, so its task must be found again on a later, unrelated request: the gateway
// keeps one store per caller identity (the token's id or the OAuth subject, never the profile: two tokens of
// one profile are two callers), and nothing else between requests. Bounded: at most MAX_CALLER_TASKS per
// caller and MAX_STATELESS_TASKS in all; a finished task goes after its ttl, an empty store with it. Ids
// start with the replica's name, as session ids do, so a proxy routes `tasks/*` by their `Mcp-Name` header.
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { CallerTasks, type TaskDetail, type UpstreamTask } from "./caller-tasks.js";

export const MAX_CALLER_TASKS = 100;
export const MAX_STATELESS_TASKS = 10_000;

/** The tasks extension's identifier, in `server/discover` capabilities and per-request client capabilities. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

export class CallerTaskStores {
  private readonly stores = new Map<string, CallerTasks>();

  /** `replica`: the replica's name (HTTP), put in front of every task id; none over stdio. */
  constructor(private readonly replica?: string) {}

  /** How many tasks are kept, across callers. */
  get size(): number {
    let n = 0;
    for (const s of this.stores.values()) n += s.size;
    return n;
  }

  /** Refuses a new task for caller `id` when the gateway, or the caller, holds as many as it may. */
  room(id: string): void {
    if (this.size >= MAX_STATELESS_TASKS)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `The gateway holds too many tasks (at most ${MAX_STATELESS_TASKS}); try again later`,
      );
    this.stores.get(id)?.room();
  }

  /** The store of caller `id`, made on first use, to start a task in: refused when the gateway holds too many. */
  of(id: string): CallerTasks {
    this.room(id);
    return this.store(id);
  }

  /**
   * Keeps an upstream's task for caller `id` (relayed there: task-relay.ts); `room` was checked before the
   * call, so a task that exists upstream is never refused here.
   */
  adopt(id: string, upstream: UpstreamTask, ttlAsked: unknown): string {
    return this.store(id).adopt(upstream, ttlAsked);
  }

  private store(id: string): CallerTasks {
    let s = this.stores.get(id);
    if (s === undefined) {
      s = new CallerTasks(() => undefined, {
        ...(this.replica !== undefined && { idPrefix: `${this.replica}.` }),
        errorResultFails: false,
        max: MAX_CALLER_TASKS,
        onEmpty: () => this.stores.delete(id),
      });
      this.stores.set(id, s);
    }
    return s;
  }

  /** The store of caller `id` if it has one; an empty one otherwise (every id in it is unknown). */
  find(id: string): CallerTasks {
    return this.stores.get(id) ?? new CallerTasks(() => undefined);
  }

  /** The gateway stops: every running task is cancelled upstream. */
  closeAll(): void {
    for (const s of this.stores.values()) s.closeAll();
    this.stores.clear();
  }
}

/** Pure: whether a 2026-07-28 request's envelope declares the tasks extension (the server may answer a task). */
export function declaresTasks(envelope: Record<string, unknown> | undefined): boolean {
  const caps = envelope?.["io.modelcontextprotocol/clientCapabilities"];
  if (typeof caps !== "object" || caps === null) return false;
  const ext = (caps as { extensions?: unknown }).extensions;
  return typeof ext === "object" && ext !== null && TASKS_EXTENSION in ext;
}

/**
 * Pure: a task as the tasks extension shows it (`CreateTaskResult`, `tasks/get`): `ttlMs` and `pollIntervalMs`,
 * the open questions while it waits for input (`input_required` only with some), the tool's result once completed (a result with `isError`
 * too: `failed` is for JSON-RPC errors, which the gateway turns into tool errors).
 */
export function extensionTask(d: TaskDetail): Record<string, unknown> {
  const { ttl, pollInterval, ...rest } = d.state;
  // `input_required` must list what is asked: until the upstream's question reaches the task (its status may
  // say it waits before its question arrives), the task shows as working.
  const asking = d.state.status === "input_required" && d.inputRequests !== undefined;
  return {
    ...rest,
    ...(d.state.status === "input_required" && !asking && { status: "working" }),
    ttlMs: ttl,
    pollIntervalMs: pollInterval,
    ...(asking && { inputRequests: d.inputRequests }),
    ...(d.state.status === "completed" && { result: d.result ?? { content: [] } }),
  };
}
