// A server's stderr: always drained (an unread pipe fills and blocks the server), split into lines that go to
// the log, with the last few kept in memory to say why the server died.
import { printable } from "../text/printable.js";
import { LineSplitter, decodeLine } from "./ndjson-reader.js";

const MAX_LINE_BYTES = 64 * 1024;
const TAIL_LINES = 20;
const TAIL_LINE_CHARS = 500;

export class StderrTail {
  private readonly lines: LineSplitter;
  private readonly tail: string[] = [];

  constructor(onLine?: (line: string) => void) {
    // "split": a progress bar that never prints a newline must not grow without bound.
    this.lines = new LineSplitter({
      maxLineBytes: MAX_LINE_BYTES,
      overflow: "split",
      onLine: (raw) => {
        const line = decodeLine(raw);
        onLine?.(line);
        this.keep(line);
      },
    });
  }

  push(chunk: Buffer): void {
    this.lines.push(chunk);
  }

  end(): void {
    this.lines.end();
  }

  /** The last non-blank lines, ANSI stripped, oldest first. */
  lastLines(): string[] {
    return [...this.tail];
  }

  private keep(line: string): void {
    // A progress bar redraws with `\r`; only its last state is worth keeping.
    const shown = printable(line.slice(line.lastIndexOf("\r") + 1), TAIL_LINE_CHARS).trim();
    if (shown === "") return;
    this.tail.push(shown);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
  }
}
