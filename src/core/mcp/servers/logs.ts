// Per-server log: stderr lines and lifecycle events, time-stamped, masked, kept in a bounded ring in
// memory and appended to a size-capped file under $CODEAGENT_HOME/logs/ so `mcp logs` works across processes.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { stripControlLine } from "../../text/strip.js";
import { Masker } from "./mask.js";

export type LogKind = "stderr" | "event";
export interface LogLine {
  time: string;
  kind: LogKind;
  text: string;
}

export interface ServerLogOptions {
  /** Directory for the log file; no file is written when absent. */
  dir?: string;
  ringSize?: number;
  maxFileBytes?: number;
  masker?: Masker;
  now?: () => Date;
}

const MAX_LINE_CHARS = 4000;

export class ServerLog {
  private readonly ring: LogLine[] = [];
  private readonly ringSize: number;
  private readonly maxFileBytes: number;
  private readonly file: string | undefined;
  private masker: Masker;
  private readonly now: () => Date;
  private fileBytes = -1;
  private fileBroken = false;

  constructor(
    readonly server: string,
    opts: ServerLogOptions = {},
  ) {
    this.ringSize = opts.ringSize ?? 500;
    this.maxFileBytes = opts.maxFileBytes ?? 1024 * 1024;
    this.file = opts.dir === undefined ? undefined : logFilePath(opts.dir, server);
    this.masker = opts.masker ?? new Masker([]);
    this.now = opts.now ?? (() => new Date());
  }

  setMasker(masker: Masker): void {
    this.masker = masker;
  }

  /** Masks secrets in text shown elsewhere (error messages built from stderr). */
  mask(text: string): string {
    return this.masker.mask(text);
  }

  stderr(text: string): void {
    this.append("stderr", text);
  }

  event(text: string): void {
    this.append("event", text);
  }

  lines(n?: number): LogLine[] {
    return n === undefined ? [...this.ring] : this.ring.slice(-n);
  }

  private append(kind: LogKind, raw: string): void {
    const text = this.masker.mask(stripControlLine(raw)).slice(0, MAX_LINE_CHARS);
    const line: LogLine = { time: this.now().toISOString(), kind, text };
    this.ring.push(line);
    if (this.ring.length > this.ringSize) this.ring.splice(0, this.ring.length - this.ringSize);
    this.writeFile(line);
  }

  private writeFile(line: LogLine): void {
    if (this.file === undefined || this.fileBroken) return;
    try {
      const data = `${JSON.stringify(line)}\n`;
      if (this.fileBytes < 0) {
        mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
        this.fileBytes = existsSync(this.file) ? statSync(this.file).size : 0;
      }
      if (this.fileBytes + data.length > this.maxFileBytes) {
        renameSync(this.file, `${this.file}.1`);
        this.fileBytes = 0;
      }
      appendFileSync(this.file, data, { mode: 0o600 });
      this.fileBytes += Buffer.byteLength(data);
    } catch {
      // A log that cannot be written must never take the server down; the in-memory ring still works.
      this.fileBroken = true;
    }
  }
}

export function logFilePath(dir: string, server: string): string {
  return join(dir, `${server}.log`);
}

/** Reads a server's log file (and its rotated predecessor), oldest first. */
export function readLogFile(dir: string, server: string, n?: number): LogLine[] {
  const file = logFilePath(dir, server);
  const out: LogLine[] = [];
  for (const f of [`${file}.1`, file]) {
    let text: string;
    try {
      text = readFileSync(f, "utf8");
    } catch {
      continue;
    }
    for (const l of text.split("\n")) {
      if (l === "") continue;
      try {
        const v = JSON.parse(l) as LogLine;
        if (typeof v.text === "string") out.push(v);
      } catch {
        // A torn last line from a killed process is skipped.
      }
    }
  }
  return n === undefined ? out : out.slice(-n);
}
