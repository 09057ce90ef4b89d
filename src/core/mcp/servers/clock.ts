// Time as a parameter: the supervisor reads the time and sets its timers through a Clock, so tests drive
// restarts and startup timeouts by hand instead of sleeping.

export interface Clock {
  now(): number;
  /** Runs `fn` after `ms`; returns the cancel. `unref`: the timer alone does not keep the process alive. */
  setTimeout(fn: () => void, ms: number, opts?: { unref?: boolean }): () => void;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms, opts) {
    const t = setTimeout(fn, ms);
    if (opts?.unref === true) t.unref();
    return () => clearTimeout(t);
  },
};

/** A clock that moves only when told to, for tests: `advance(ms)` runs every timer that falls due, in order. */
export class ManualClock implements Clock {
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(private time = 0) {}

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const timer = { at: this.time + ms, seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Delays of the timers still waiting, soonest first. */
  pending(): number[] {
    return this.sorted().map((t) => t.at - this.time);
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.sorted()[0];
      if (next === undefined || next.at > end) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }

  private sorted() {
    return [...this.timers].sort((a, b) => a.at - b.at || a.seq - b.seq);
  }
}
