// A server's restarts after failures (§4.4): the failure history the restart policy (restart-policy.ts)
// decides on, and the one restart waiting on the clock.
import type { Clock } from "./clock.js";
import {
  NO_FAILURES,
  decideRestart,
  type DownEvent,
  type RestartDecision,
  type RestartPolicy,
} from "./restart-policy.js";

export class Restarts {
  private history = NO_FAILURES;
  private cancelPending: (() => void) | undefined;

  constructor(private readonly o: { server: string; policy: RestartPolicy; clock: Clock }) {}

  /** Forgets the failures so far: the next failure starts a fresh set of attempts. */
  reset(): void {
    this.history = NO_FAILURES;
  }

  /** What follows `event`; a restart calls `restart(attempt)` after its delay unless cancelled first. */
  after(event: DownEvent, stopped: boolean, restart: (attempt: number) => void): RestartDecision {
    const { history, decision } = decideRestart({
      server: this.o.server,
      history: this.history,
      event,
      now: this.o.clock.now(),
      stopped,
      policy: this.o.policy,
    });
    this.history = history;
    if (decision.action === "restart") {
      this.cancelPending = this.o.clock.setTimeout(
        () => {
          this.cancelPending = undefined;
          restart(decision.attempt);
        },
        decision.afterMs,
        { unref: true },
      );
    }
    return decision;
  }

  /** Cancels the restart waiting, if any. */
  cancel(): void {
    this.cancelPending?.();
    this.cancelPending = undefined;
  }
}
