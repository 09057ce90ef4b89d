// The operator's per-call log lines (§22), written together: one JSON line per call is the contract, but a
// write per line is a system call per call (stderr to a pipe or file is written synchronously), and on a busy
// gateway that write costs as much as a third of the call's own work. Lines wait at most `maxDelayMs` (or
// until `maxChars` are pending) and leave in one write; any other log line flushes them first, so the log
// stays in order; whatever is pending when the process exits is written then.
export interface LineBatchOptions {
  maxDelayMs?: number;
  maxChars?: number;
}

export class LineBatch {
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly maxDelayMs: number;
  private readonly maxChars: number;

  constructor(
    private readonly write: (text: string) => void,
    o: LineBatchOptions = {},
  ) {
    this.maxDelayMs = o.maxDelayMs ?? 50;
    this.maxChars = o.maxChars ?? 64 * 1024;
  }

  /** A line that may wait for the next batch. */
  push(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.maxChars) return this.flush();
    // Not holding the process open: an exiting process flushes on its way out.
    this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs).unref();
  }

  /** A line that leaves now, after the lines waiting before it. */
  now(line: string): void {
    this.flush();
    this.write(line);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const text = this.lines.join("");
    this.lines = [];
    this.chars = 0;
    this.write(text);
  }
}
