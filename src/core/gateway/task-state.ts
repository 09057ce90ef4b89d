// A gateway task's state and the pure rules on it (§22): its statuses, the ttl a caller gets, and the upstream
// task's status as the host reports it.
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
