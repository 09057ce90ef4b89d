// Tasks for one caller (§22): a caller's task-augmented `tools/call` returns a task at once while the call runs
// on its upstream server through the host (which runs the upstream's own task, polls it, and sends its
// `tasks/cancel` when this task is cancelled). The task methods answer from this store, which belongs to one
// caller: to one connection for 2025-11-25 callers (stdio, a 2025-era HTTP session), to one caller identity
// for stateless 2026-07-28 callers (caller-task-stores.ts). A task id names nothing to anyone else. Ids are
// random (behind the replica's name, when given, so a proxy can route them) and carry no upstream id.
import { randomBytes } from "node:crypto";
import type { CallToolResult as WireResult } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

import {
  DEFAULT_TTL_MS,
  grantedTtl,
  isTerminal,
  MAX_TASKS,
  POLL_INTERVAL_MS,
  type TaskState,
  type TaskStatus,
} from "./task-state.js";

export * from "./task-state.js";

/** A question the running call waits on, until the caller answers it (2026-07-28 `inputRequests`). */
interface Input {
  request: InputRequest;
  settle: (answer: unknown) => void;
}

export interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}

interface Entry {
  state: TaskState;
  abort: AbortController;
  done: Promise<WireResult>;
  result?: WireResult;
  inputs: Map<string, Input>;
  asked: number;
  expiry?: NodeJS.Timeout;
  /** The upstream's own task this one stands for, when it is relayed there rather than run here. */
  link?: UpstreamTask;
}

/** A task a 2026-07-28 upstream server answered a caller's call with, on that server. */
export interface UpstreamTask {
  server: string;
  taskId: string;
}

export interface TaskRun {
  signal: AbortSignal;
  /** A status change while the call runs (working ↔ input_required, a new message). */
  update: (status: "working" | "input_required", statusMessage?: string) => void;
  /**
   * Puts a question to the caller in the task's `inputRequests` and waits for `respond` to answer it, the
   * task to end, or `signal`. Rejects when no answer comes.
   */
  input: (request: InputRequest, signal: AbortSignal) => Promise<unknown>;
}

/** A task as the caller may read it: its state, the questions open on it, and its result once it ended. */
export interface TaskDetail {
  state: TaskState;
  inputRequests?: Record<string, InputRequest>;
  result?: WireResult;
}

export interface CallerTasksOptions {
  /** Put in front of every id (`a.` for replica `a`), so a reverse proxy can route a task's requests. */
  idPrefix?: string;
  /** Whether a result with `isError` ends the task `failed` (2025-11-25) or `completed` (the tasks extension). */
  errorResultFails?: boolean;
  /** At most this many tasks (default MAX_TASKS). */
  max?: number;
  /** Called when the last task is forgotten, so the store itself can go. */
  onEmpty?: () => void;
}

const unknown = (id: unknown) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Unknown task: ${String(id).slice(0, 80)} (it expired, or belongs to another caller or connection)`,
  );

export class CallerTasks {
  private readonly tasks = new Map<string, Entry>();
  private readonly max: number;

  /** `notify` tells the caller of each status change (`notifications/tasks/status`). */
  constructor(
    private readonly notify: (state: TaskState) => void,
    private readonly o: CallerTasksOptions = {},
  ) {
    this.max = o.max ?? MAX_TASKS;
  }

  get size(): number {
    return this.tasks.size;
  }

  /** Refuses a new task when this caller holds as many as it may. */
  room(): void {
    if (this.tasks.size >= this.max)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Too many tasks for this caller (at most ${this.max}); wait for some to finish or cancel them`,
      );
  }

  private add(ttlAsked: unknown, link?: UpstreamTask): Entry {
    const now = new Date().toISOString();
    const state: TaskState = {
      taskId: `${this.o.idPrefix ?? ""}${randomBytes(18).toString("base64url")}`,
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      ttl: grantedTtl(ttlAsked),
      pollInterval: POLL_INTERVAL_MS,
    };
    const entry: Entry = {
      state,
      abort: new AbortController(),
      done: Promise.resolve({ content: [] }),
      inputs: new Map(),
      asked: 0,
      ...(link !== undefined && { link }),
    };
    this.tasks.set(state.taskId, entry);
    return entry;
  }

  /**
   * Keeps `upstream`, a task an upstream server answered this caller's call with, under a new id of this store
   * (the caller's requests on it are relayed there), for the upstream's ttl from now (bounded); returns the id.
   * Checked with `room` before the call: a task that exists upstream is never refused here.
   */
  adopt(upstream: UpstreamTask, ttlAsked: unknown): string {
    const entry = this.add(ttlAsked, upstream);
    this.keep(entry, grantedTtl(ttlAsked));
    return entry.state.taskId;
  }

  /** The upstream task `id` is relayed to; undefined for a task run here. An unknown id throws. */
  linkOf(id: unknown): UpstreamTask | undefined {
    return this.entry(id).link;
  }

  /** The caller reached relayed task `id`: it is kept for the upstream's ttl (bounded) from now. */
  renew(id: unknown, ttlAsked: unknown): void {
    this.keep(this.entry(id), grantedTtl(ttlAsked));
  }

  /** Starts `run` as a task and returns it, `working`. */
  start(ttlAsked: unknown, run: (t: TaskRun) => Promise<WireResult>): TaskState {
    this.room();
    const entry = this.add(ttlAsked);
    const { state, abort } = entry;
    const update = (status: TaskStatus, statusMessage?: string) => {
      if (isTerminal(entry.state.status)) return;
      const next: TaskState = { ...entry.state, status, lastUpdatedAt: new Date().toISOString() };
      if (statusMessage === undefined) delete next.statusMessage;
      else next.statusMessage = statusMessage;
      if (next.status === entry.state.status && next.statusMessage === entry.state.statusMessage) return;
      entry.state = next;
      this.notify(next);
    };
    const input = (request: InputRequest, signal: AbortSignal) =>
      new Promise<unknown>((resolve, reject) => {
        const key = `q${++entry.asked}`;
        const gone = () => {
          entry.inputs.delete(key);
          if (entry.inputs.size === 0) update("working");
          reject(new Error("the question was not answered"));
        };
        if (signal.aborted || abort.signal.aborted) return gone();
        signal.addEventListener("abort", gone, { once: true });
        abort.signal.addEventListener("abort", gone, { once: true });
        entry.inputs.set(key, {
          request,
          settle: (answer) => {
            signal.removeEventListener("abort", gone);
            abort.signal.removeEventListener("abort", gone);
            entry.inputs.delete(key);
            if (entry.inputs.size === 0) update("working");
            resolve(answer);
          },
        });
        update("input_required", "waiting for the caller's answer");
      });
    entry.done = run({ signal: abort.signal, update, input }).then((result) => {
      entry.inputs.clear();
      if (abort.signal.aborted) update("cancelled", "cancelled by the caller");
      else update(result.isError === true && this.o.errorResultFails !== false ? "failed" : "completed");
      entry.result = result;
      this.expire(entry);
      return result;
    });
    return { ...state };
  }

  get(id: unknown): TaskState {
    return { ...this.entry(id).state };
  }

  /** What `tasks/get` of the tasks extension shows: open questions while it waits, the result once done. */
  detail(id: unknown): TaskDetail {
    const e = this.entry(id);
    const open = [...e.inputs].map(([key, i]) => [key, i.request] as const);
    return {
      state: { ...e.state },
      ...(open.length > 0 && { inputRequests: Object.fromEntries(open) }),
      ...(e.result !== undefined && e.state.status !== "cancelled" && { result: e.result }),
    };
  }

  /** Answers open questions by key; a key that is not open (answered, never asked) is ignored. */
  respond(id: unknown, responses: Record<string, unknown>): void {
    const e = this.entry(id);
    for (const [key, answer] of Object.entries(responses)) e.inputs.get(key)?.settle(answer);
  }

  /** The call's result once the task has ended (waits for it). */
  async result(id: unknown): Promise<{ state: TaskState; result: WireResult }> {
    const e = this.entry(id);
    const result = await e.done;
    return { state: { ...e.state }, result };
  }

  list(): TaskState[] {
    return [...this.tasks.values()].map((e) => ({ ...e.state }));
  }

  cancel(id: unknown): TaskState {
    const e = this.entry(id);
    if (isTerminal(e.state.status))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Cannot cancel task ${e.state.taskId}: it is already ${e.state.status}`,
      );
    e.abort.abort(new Error("the caller cancelled the task"));
    const now = new Date().toISOString();
    e.state = {
      ...e.state,
      status: "cancelled",
      statusMessage: "cancelled by the caller",
      lastUpdatedAt: now,
    };
    this.notify(e.state);
    return { ...e.state };
  }

  /** The caller went away: its running tasks are cancelled upstream, and all are forgotten. */
  closeAll(): void {
    for (const e of this.tasks.values()) {
      clearTimeout(e.expiry);
      e.abort.abort(new Error("the caller's connection closed"));
    }
    this.tasks.clear();
  }

  private entry(id: unknown): Entry {
    const e = typeof id === "string" ? this.tasks.get(id) : undefined;
    if (e === undefined) throw unknown(id);
    return e;
  }

  /**
   * A finished task is kept for its ttl from now: the ttl it shows grows by the time it ran (a ttl counts from
   * creation, and a task that ran longer than its ttl must still show its result).
   */
  private expire(e: Entry): void {
    const ttl = e.state.ttl ?? DEFAULT_TTL_MS;
    e.state = { ...e.state, ttl: ttl + Math.max(0, Date.now() - Date.parse(e.state.createdAt)) };
    this.keep(e, ttl);
  }

  /** Forgets `e` in `ms` (instead of when it was due to go). */
  private keep(e: Entry, ms: number): void {
    clearTimeout(e.expiry);
    e.expiry = setTimeout(() => {
      if (this.tasks.get(e.state.taskId) !== e) return;
      this.tasks.delete(e.state.taskId);
      if (this.tasks.size === 0) this.o.onEmpty?.();
    }, ms);
    e.expiry.unref();
  }
}
