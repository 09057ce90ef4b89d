// Coalesces bursts of requests (e.g. 500 list_changed notifications) into at most one run in flight plus one
// after it (§5), each run receiving every key requested since the previous one.
//
// A run starts once requests have gone quiet for `quietMs` (or `maxWaitMs` after the first one, so that a storm
// that never stops still refreshes now and then). Requests that arrive while a run is in flight wait for it to
// end and then for quiet again: a storm longer than one run costs one more run, not one per run's length.

export interface CoalescerTiming {
  /** A run starts after this long without a new request. */
  quietMs: number;
  /** …but at most this long after the first request it serves. */
  maxWaitMs: number;
}

export const DEFAULT_COALESCER_TIMING: CoalescerTiming = { quietMs: 100, maxWaitMs: 1000 };

/** When the next run may start, given when its first and latest requests came in; pure, for table tests. */
export function nextRunAt(firstAt: number, lastAt: number, timing: CoalescerTiming): number {
  return Math.min(lastAt + timing.quietMs, firstAt + timing.maxWaitMs);
}

export class Coalescer<K> {
  private readonly pending = new Set<K>();
  private firstAt = 0;
  private lastAt = 0;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly run: (keys: Set<K>) => Promise<void>,
    private readonly timing: CoalescerTiming = DEFAULT_COALESCER_TIMING,
  ) {}

  request(key: K): void {
    const now = Date.now();
    if (this.pending.size === 0) this.firstAt = now;
    this.lastAt = now;
    this.pending.add(key);
    if (!this.running) this.arm();
  }

  /** Resolves once nothing is pending or running. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what is pending (the connection it would list from is gone); a run in flight finishes. */
  clear(): void {
    this.pending.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.settle();
  }

  private isIdle(): boolean {
    return !this.running && this.pending.size === 0;
  }

  private arm(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, nextRunAt(this.firstAt, this.lastAt, this.timing) - Date.now());
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref?.();
  }

  private fire(): void {
    this.timer = undefined;
    if (this.pending.size === 0) return this.settle();
    // Requests kept coming since the timer was set: wait for quiet (bounded by maxWaitMs).
    if (nextRunAt(this.firstAt, this.lastAt, this.timing) > Date.now()) return this.arm();
    const keys = new Set(this.pending);
    this.pending.clear();
    this.running = true;
    // A failing run must not stop later ones; the caller logs its own errors.
    void this.run(keys)
      .catch(() => undefined)
      .then(() => {
        this.running = false;
        if (this.pending.size > 0) this.arm();
        else this.settle();
      });
  }

  private settle(): void {
    if (!this.isIdle()) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}
