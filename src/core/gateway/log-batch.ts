// The operator's per-call log lines (§22), written together: one JSON line per call is the contract, but a
// write per line is a system call per call (stderr to a pipe or file is written synchronously). Lines of one
// turn of the event loop leave in one write, at its end; whatever is pending when the process exits is written
// then.
export class LineBatch {
  private lines: string[] = [];
  private scheduled = false;

  constructor(private readonly write: (text: string) => void) {}

  push(line: string): void {
    this.lines.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  flush(): void {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.join("");
    this.lines = [];
    this.write(text);
  }
}
