// Tasks for one caller (§22): a caller's task-augmented `tools/call` returns a task at once while the call runs
// on its upstream server through the host (which runs the upstream's own task, polls it, and sends its
// `tasks/cancel` when this task is cancelled). The task methods answer from this store, which belongs to one
// caller: to one connection for 2025-11-25 callers (stdio, a 2025-era HTTP session), to one caller identity
// for stateless 2026-07-28 callers (caller-task-stores.ts). A task id names nothing to anyone else. Ids are
// random (behind the replica's name, when given, so a proxy can route them) and carry no upstream id.
import { randomBytes } from "node:crypto";
import type { CallToolResult as WireResult } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

export interface TaskState {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  pollInterval: number;
}

/** How often a caller is told to poll; the host polls the upstream on its own schedule. */
export const POLL_INTERVAL_MS = 500;
/** How long a finished task is kept when the caller asked for no ttl, and the most it may ask for. */
export const DEFAULT_TTL_MS = 10 * 60_000;
export const MAX_TTL_MS = 60 * 60_000;
/** At most this many tasks per caller connection; a new one beyond it is refused, not an old one dropped. */
export const MAX_TASKS = 1000;

const TERMINAL: ReadonlySet<TaskStatus> = new Set(["completed", "failed", "cancelled"]);
export const isTerminal = (s: TaskStatus) => TERMINAL.has(s);

/** Pure: the ttl a task gets for what the caller asked (`task.ttl`), within the gateway's bounds. */
export function grantedTtl(asked: unknown): number {
  if (typeof asked !== "number" || !Number.isFinite(asked) || asked <= 0) return DEFAULT_TTL_MS;
  return Math.min(Math.floor(asked), MAX_TTL_MS);
}

const UPSTREAM_STATUS = /^task (working|input_required|completed|failed|cancelled)(?:: (.*))?$/s;

/**
 * Pure: the upstream task's status as the host reports it in a progress message (`task working: Searching`),
 * as this task shows it: the upstream's message, and `input_required` while the upstream waits for input.
 * The upstream's end is not this task's end (that is when the call returns), so it reads as `working`.
 * Undefined for a progress message that is not a status line.
 */
export function statusFromProgress(
  message: string | undefined,
): { status: "working" | "input_required"; statusMessage?: string } | undefined {
  const m = message === undefined ? null : UPSTREAM_STATUS.exec(message);
  if (m === null) return undefined;
  const status = m[1] === "input_required" ? "input_required" : "working";
  return { status, ...(m[2] !== undefined && m[2] !== "" && { statusMessage: m[2] }) };
}

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

  /** Starts `run` as a task and returns it, `working`. */
  start(ttlAsked: unknown, run: (t: TaskRun) => Promise<WireResult>): TaskState {
    if (this.tasks.size >= this.max)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Too many tasks for this caller (at most ${this.max}); wait for some to finish or cancel them`,
      );
    const now = new Date().toISOString();
    const state: TaskState = {
      taskId: `${this.o.idPrefix ?? ""}${randomBytes(18).toString("base64url")}`,
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      ttl: grantedTtl(ttlAsked),
      pollInterval: POLL_INTERVAL_MS,
    };
    const abort = new AbortController();
    const entry: Entry = {
      state,
      abort,
      done: Promise.resolve({ content: [] }),
      inputs: new Map(),
      asked: 0,
    };
    this.tasks.set(state.taskId, entry);
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
    e.expiry = setTimeout(() => {
      this.tasks.delete(e.state.taskId);
      if (this.tasks.size === 0) this.o.onEmpty?.();
    }, ttl);
    e.expiry.unref();
  }
}
