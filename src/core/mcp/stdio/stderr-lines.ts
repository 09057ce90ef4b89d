// A server's stderr: always drained (an unread pipe fills and blocks the server) and split into lines, each
// handed on (to the log, and to the recent output that says why the server died).
import { LineSplitter, decodeLine } from "./ndjson-reader.js";

const MAX_LINE_BYTES = 64 * 1024;

export class StderrLines {
  private readonly lines: LineSplitter;

  constructor(onLine: (line: string) => void) {
    // "split": a progress bar that never prints a newline must not grow without bound.
    this.lines = new LineSplitter({
      maxLineBytes: MAX_LINE_BYTES,
      overflow: "split",
      onLine: (raw) => onLine(decodeLine(raw)),
    });
  }

  push(chunk: Buffer): void {
    this.lines.push(chunk);
  }

  end(): void {
    this.lines.end();
  }
}
