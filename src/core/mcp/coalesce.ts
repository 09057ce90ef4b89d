// Coalesces bursts of requests (e.g. 1 000 list_changed notifications a second) into at most one run in
// flight plus one pending, each run receiving every key requested since the previous one.

export class Coalescer<K> {
  private readonly pending = new Set<K>();
  private running = false;

  constructor(
    private readonly run: (keys: Set<K>) => Promise<void>,
    /** Wait this long after the first request so a burst lands in one run. */
    private readonly delayMs = 50,
  ) {}

  request(key: K): void {
    this.pending.add(key);
    if (this.running) return;
    this.running = true;
    void this.drain();
  }

  private async drain(): Promise<void> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    while (this.pending.size > 0) {
      const keys = new Set(this.pending);
      this.pending.clear();
      // A failing run must not stop later ones; the caller logs its own errors.
      await this.run(keys).catch(() => undefined);
    }
    this.running = false;
  }
}
