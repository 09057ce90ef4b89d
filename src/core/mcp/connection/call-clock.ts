// The per-call clock of §7 (timeout reset by progress, under a total cap) kept by us instead of the SDK, so
// that it can stop while a person answers a request the server made mid-call (an elicitation form or URL
// consent, in either era: a 2025 `elicitation/create` or a 2026-07-28 `input_required` round). A server that
// waits for a person is not a hung server; once the person has answered, the call gets a whole timeout again.
// The calls of one connection share one timer, set for the soonest deadline among them: a call in flight costs
// no timer of its own (with 100 calls in flight, a timer each was a good part of the host's own work per call).
import { SdkError, SdkErrorCode, type Client } from "@modelcontextprotocol/client";
import { SYSTEM_CLOCK, type Clock } from "../servers/clock.js";
import { onAbort } from "./abort-fanout.js";

/** The requests of one connection that are waiting for a person; calls on it stop their clocks meanwhile. */
export class PersonWaits {
  private count = 0;
  private timer: CallTimer | undefined;

  get waiting(): boolean {
    return this.count > 0;
  }

  /** Counts `answer` as a wait for a person until it settles; returns it unchanged. */
  hold<T>(answer: Promise<T>): Promise<T> {
    if (this.count++ === 0) this.timer?.pauseAll();
    const done = () => {
      if (--this.count === 0) this.timer?.resumeAll();
    };
    answer.then(done, done);
    return answer;
  }

  /** The timer the calls of this connection share; the first call's clock is the connection's clock. */
  callTimer(clock: Clock): CallTimer {
    return (this.timer ??= new CallTimer(clock, this));
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

/**
 * One timer for the calls of a connection, set for the soonest deadline among them. A deadline only moves
 * later (progress), so the timer is not moved with it: when it fires, the calls past their deadline end and it
 * is set again for the soonest of the others. It is cleared once no call runs.
 */
export class CallTimer {
  private readonly calls = new Set<CallClock>();
  private cancel: (() => void) | undefined;
  private dueAt = Infinity;

  constructor(
    readonly clock: Clock,
    private readonly waits: PersonWaits,
  ) {}

  get waiting(): boolean {
    return this.waits.waiting;
  }

  add(c: CallClock): void {
    this.calls.add(c);
    this.schedule(c.deadline);
  }

  remove(c: CallClock): void {
    this.calls.delete(c);
    if (this.calls.size === 0) this.disarm();
  }

  pauseAll(): void {
    for (const c of this.calls) c.pause();
    this.disarm();
  }

  resumeAll(): void {
    for (const c of this.calls) c.resume();
    for (const c of this.calls) this.schedule(c.deadline);
  }

  private schedule(at: number): void {
    if (at >= this.dueAt) return;
    this.disarm();
    this.dueAt = at;
    this.cancel = this.clock.setTimeout(() => this.fire(), Math.max(0, at - this.clock.now()));
  }

  private disarm(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.dueAt = Infinity;
  }

  private fire(): void {
    this.cancel = undefined;
    this.dueAt = Infinity;
    const now = this.clock.now();
    for (const c of [...this.calls]) if (c.deadline <= now) c.expire();
    for (const c of this.calls) this.schedule(c.deadline);
  }
}

export class CallClock {
  private readonly abort = new AbortController();
  private readonly timer: CallTimer;
  /** Active time before the current running stretch began. */
  private activeBefore = 0;
  /** When the current running stretch began (undefined while paused). */
  private runningSince: number | undefined;
  /** Active time at the last progress or answer. */
  private lastActivity = 0;
  /** When the call runs out of time, on the timer's clock (Infinity while paused), and which rule says so. */
  deadline = Infinity;
  private reason: "idle" | "total" = "idle";
  private stopWatchingCaller: (() => void) | undefined;

  constructor(
    private readonly o: {
      timeoutMs: number;
      maxTotalMs: number;
      waits: PersonWaits;
      /** The caller's signal: its abort passes through unchanged. */
      signal?: AbortSignal | undefined;
      /** Only the first call of a connection sets it: its calls share one timer (tests pass a ManualClock). */
      clock?: Clock;
    },
  ) {
    this.timer = o.waits.callTimer(o.clock ?? SYSTEM_CLOCK);
    const caller = o.signal;
    if (caller?.aborted === true) {
      this.abort.abort(caller.reason);
      return;
    }
    if (caller !== undefined) this.stopWatchingCaller = onAbort(caller, () => this.stop(caller.reason));
    if (!this.timer.waiting) this.resume();
    this.timer.add(this);
  }

  /** Aborted with the SDK's own timeout error when the call runs out of time, or with the caller's reason. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  private active(): number {
    return (
      this.activeBefore + (this.runningSince === undefined ? 0 : this.timer.clock.now() - this.runningSince)
    );
  }

  /** A progress notification: the idle timeout starts again (the total cap does not). */
  progress(): void {
    if (this.abort.signal.aborted) return;
    this.lastActivity = this.active();
    if (this.runningSince !== undefined) this.plan();
  }

  /** A person is being asked (CallTimer.pauseAll): the call's time stands still. */
  pause(): void {
    if (this.runningSince === undefined || this.abort.signal.aborted) return;
    this.activeBefore = this.active();
    this.runningSince = undefined;
    this.deadline = Infinity;
  }

  /** Running again after a person answered (or at the start): a whole timeout for the server's next step. */
  resume(): void {
    if (this.runningSince !== undefined || this.abort.signal.aborted) return;
    this.runningSince = this.timer.clock.now();
    this.lastActivity = this.activeBefore;
    this.plan();
  }

  private plan(): void {
    const active = this.active();
    const phase = nextTimeout({
      timeoutMs: this.o.timeoutMs,
      maxTotalMs: this.o.maxTotalMs,
      activeMs: active,
      idleMs: active - this.lastActivity,
      waiting: false,
    });
    if (phase.kind === "paused") return;
    this.deadline = this.timer.clock.now() + phase.fireInMs;
    this.reason = phase.reason;
  }

  /** Past its deadline (CallTimer): ends with the SDK's words for the same event, as it always did. */
  expire(): void {
    this.stop(
      this.reason === "idle"
        ? new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout: this.o.timeoutMs })
        : new SdkError(SdkErrorCode.RequestTimeout, "Maximum total timeout exceeded", {
            maxTotalTimeout: this.o.maxTotalMs,
          }),
    );
  }

  private stop(reason: unknown): void {
    if (!this.abort.signal.aborted) this.abort.abort(reason);
    this.dispose();
  }

  dispose(): void {
    this.deadline = Infinity;
    this.timer.remove(this);
    this.stopWatchingCaller?.();
    this.stopWatchingCaller = undefined;
  }
}
