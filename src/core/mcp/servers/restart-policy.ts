// When a server that went down comes back (§4.4), as a pure decision: exponential backoff over a few attempts,
// a fresh set of attempts after a stable run, then `failed` with the reason to show. No clock, no timers.
import type { ErrorCode } from "../../errors.js";

export interface RestartPolicy {
  /** The wait before each restart attempt; its length is the number of attempts. */
  delaysMs: readonly number[];
  /** A server that stayed ready this long before crashing gets a fresh set of attempts. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { delaysMs: [500, 2000, 5000], stableAfterMs: 60_000 };

/** Unexpected failures in a row: crashes plus the failed restarts that followed them. */
export interface RestartHistory {
  failures: number;
}

export const NO_FAILURES: RestartHistory = { failures: 0 };

export type DownEvent =
  /** A connection that had finished its start was lost; `readySince` when the server was ready. */
  | { kind: "crashed"; code: ErrorCode; readySince: number | undefined }
  /** A start ended in an error (the first start, or a restart after a crash). */
  | { kind: "start-failed" };

export type RestartDecision =
  | { action: "restart"; afterMs: number; attempt: number; attempts: number }
  /** Out of attempts: `note` is added to the server's error. */
  | { action: "give-up"; note: string }
  /** Stays `failed` as it is, with nothing added. */
  | { action: "stay-down"; why: "first-start" | "stopped" | "message-too-large" };

export interface RestartInput {
  server: string;
  history: RestartHistory;
  event: DownEvent;
  now: number;
  /** The user stopped or disabled the server, or the session is ending: never respawn. */
  stopped: boolean;
  policy: RestartPolicy;
}

export function decideRestart(input: RestartInput): { history: RestartHistory; decision: RestartDecision } {
  const { event, policy } = input;
  let failures = input.history.failures;
  if (input.stopped) return { history: input.history, decision: { action: "stay-down", why: "stopped" } };
  if (event.kind === "start-failed") {
    // A failed first start is not retried on its own (§4.3: `refresh` does that); a failed restart is.
    if (failures === 0)
      return { history: input.history, decision: { action: "stay-down", why: "first-start" } };
  } else {
    if (event.readySince !== undefined && input.now - event.readySince > policy.stableAfterMs) failures = 0;
    // Restarting would only hit the same oversized message again.
    if (event.code === "MESSAGE_TOO_LARGE")
      return {
        history: { failures: failures + 1 },
        decision: { action: "stay-down", why: "message-too-large" },
      };
  }
  failures++;
  const history = { failures };
  const delay = policy.delaysMs[failures - 1];
  if (delay === undefined) {
    const note = `gave up after ${policy.delaysMs.length} restarts; /mcp refresh ${input.server} to try again`;
    return { history, decision: { action: "give-up", note } };
  }
  return {
    history,
    decision: { action: "restart", afterMs: delay, attempt: failures, attempts: policy.delaysMs.length },
  };
}
