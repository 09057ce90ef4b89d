// The per-call clock of §7 (timeout reset by progress, under a total cap) kept by us instead of the SDK, so
// that it can stop while a person answers a request the server made mid-call (an elicitation form or URL
// consent, in either era: a 2025 `elicitation/create` or a 2026-07-28 `input_required` round). A server that
// waits for a person is not a hung server; once the person has answered, the call gets a whole timeout again.
import { SdkError, SdkErrorCode, type Client } from "@modelcontextprotocol/client";
import { SYSTEM_CLOCK, type Clock } from "../servers/clock.js";
import { onAbort } from "./abort-fanout.js";

/** The requests of one connection that are waiting for a person; calls on it stop their clocks meanwhile. */
export class PersonWaits {
  private count = 0;
  private readonly listeners = new Set<(waiting: boolean) => void>();

  get waiting(): boolean {
    return this.count > 0;
  }

  /** Counts `answer` as a wait for a person until it settles; returns it unchanged. */
  hold<T>(answer: Promise<T>): Promise<T> {
    if (this.count++ === 0) this.emit(true);
    const done = () => {
      if (--this.count === 0) this.emit(false);
    };
    answer.then(done, done);
    return answer;
  }

  /** `fn(true)` when the first wait starts, `fn(false)` when the last one ends. Returns the unsubscribe. */
  subscribe(fn: (waiting: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(waiting: boolean): void {
    for (const fn of [...this.listeners]) fn(waiting);
  }
}

const waitsByClient = new WeakMap<Client, PersonWaits>();

/** Ties a connection's waits to its client, where the request handlers (elicitation) find them. */
export function attachPersonWaits(client: Client, waits: PersonWaits): void {
  waitsByClient.set(client, waits);
}

export function personWaitsOf(client: Client): PersonWaits | undefined {
  return waitsByClient.get(client);
}

/** What the clock does next, given where it stands (pure, so the rules have a table test). */
export type ClockPhase = { kind: "paused" } | { kind: "running"; fireInMs: number; reason: "idle" | "total" };

export function nextTimeout(s: {
  timeoutMs: number;
  maxTotalMs: number;
  /** Time the call has run with no person waiting. */
  activeMs: number;
  /** Time since the last progress, answer or start, with no person waiting. */
  idleMs: number;
  waiting: boolean;
}): ClockPhase {
  if (s.waiting) return { kind: "paused" };
  const idle = Math.max(0, s.timeoutMs - s.idleMs);
  const total = Math.max(0, s.maxTotalMs - s.activeMs);
  return total <= idle
    ? { kind: "running", fireInMs: total, reason: "total" }
    : { kind: "running", fireInMs: idle, reason: "idle" };
}

/** The SDK's own timer is set out of reach (the largest delay a Node timer takes); ours decides. */
export const SDK_TIMEOUT_OFF_MS = 2_147_483_647;

export class CallClock {
  private readonly abort = new AbortController();
  private cancelTimer: (() => void) | undefined;
  private readonly unsubscribe: () => void;
  /** Active time before the current running stretch began. */
  private activeBefore = 0;
  /** When the current running stretch began (undefined while paused). */
  private runningSince: number | undefined;
  /** Active time at the last progress or answer. */
  private lastActivity = 0;
  private readonly stopWatchingCaller: () => void;

  constructor(
    private readonly o: {
      timeoutMs: number;
      maxTotalMs: number;
      waits: PersonWaits;
      /** The caller's signal: its abort passes through unchanged. */
      signal?: AbortSignal | undefined;
      clock?: Clock;
    },
  ) {
    const caller = o.signal;
    if (caller?.aborted === true) this.abort.abort(caller.reason);
    this.stopWatchingCaller =
      caller === undefined || caller.aborted
        ? () => undefined
        : onAbort(caller, () => this.stop(caller.reason));
    this.unsubscribe = o.waits.subscribe((waiting) => (waiting ? this.pause() : this.resume()));
    if (!o.waits.waiting) this.resume();
  }

  /** Aborted with the SDK's own timeout error when the call runs out of time, or with the caller's reason. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  private get clock(): Clock {
    return this.o.clock ?? SYSTEM_CLOCK;
  }

  private active(): number {
    return this.activeBefore + (this.runningSince === undefined ? 0 : this.clock.now() - this.runningSince);
  }

  /** A progress notification: the idle timeout starts again (the total cap does not). */
  progress(): void {
    if (this.abort.signal.aborted) return;
    this.lastActivity = this.active();
    if (this.runningSince !== undefined) this.arm();
  }

  private pause(): void {
    if (this.runningSince === undefined || this.abort.signal.aborted) return;
    this.activeBefore = this.active();
    this.runningSince = undefined;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /** Running again after a person answered (or at the start): a whole timeout for the server's next step. */
  private resume(): void {
    if (this.runningSince !== undefined || this.abort.signal.aborted) return;
    this.runningSince = this.clock.now();
    this.lastActivity = this.activeBefore;
    this.arm();
  }

  private arm(): void {
    this.cancelTimer?.();
    const active = this.active();
    const phase = nextTimeout({
      timeoutMs: this.o.timeoutMs,
      maxTotalMs: this.o.maxTotalMs,
      activeMs: active,
      idleMs: active - this.lastActivity,
      waiting: this.o.waits.waiting,
    });
    if (phase.kind === "paused") return;
    this.cancelTimer = this.clock.setTimeout(() => {
      this.cancelTimer = undefined;
      // The SDK's words for the same event, so the error a caller sees is the one it always was.
      this.stop(
        phase.reason === "idle"
          ? new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout: this.o.timeoutMs })
          : new SdkError(SdkErrorCode.RequestTimeout, "Maximum total timeout exceeded", {
              maxTotalTimeout: this.o.maxTotalMs,
            }),
      );
    }, phase.fireInMs);
  }

  private stop(reason: unknown): void {
    if (!this.abort.signal.aborted) this.abort.abort(reason);
    this.dispose();
  }

  dispose(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.unsubscribe();
    this.stopWatchingCaller();
  }
}
