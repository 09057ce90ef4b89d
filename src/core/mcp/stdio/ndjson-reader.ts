// Newline framing for a server's stdout and stderr. Chunks are kept as a list and joined once per line, so a
// large message arriving in many chunks costs O(n), not the O(n²) of re-concatenating the buffer per chunk.
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { printable } from "../../text/printable.js";

const NEWLINE = 0x0a;

export interface LineSplitterOptions {
  /** Longest line accepted, in bytes, not counting the newline. */
  maxLineBytes: number;
  /**
   * What a longer line does: `"fail"` calls `onOverflow` once and ignores all later input (stdout: the stream
   * can no longer be trusted); `"split"` hands on what has accumulated as a line of its own (stderr).
   */
  overflow: "fail" | "split";
  onLine: (line: Buffer) => void;
  onOverflow?: () => void;
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private failed = false;

  constructor(private readonly options: LineSplitterOptions) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (!this.failed && start < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl === -1) {
        this.keep(chunk.subarray(start));
        return;
      }
      const part = chunk.subarray(start, nl);
      start = nl + 1;
      const size = this.pendingBytes + part.length;
      if (size > this.options.maxLineBytes && this.options.overflow === "fail") {
        this.fail();
        return;
      }
      const line = this.pending.length === 0 ? part : Buffer.concat([...this.pending, part], size);
      this.pending = [];
      this.pendingBytes = 0;
      this.options.onLine(line);
    }
  }

  /** Hands on an unterminated last line, e.g. when the stream ends. */
  end(): void {
    if (this.failed || this.pendingBytes === 0) return;
    const line = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.options.onLine(line);
  }

  private keep(part: Buffer): void {
    this.pending.push(part);
    this.pendingBytes += part.length;
    if (this.pendingBytes <= this.options.maxLineBytes) return;
    if (this.options.overflow === "fail") this.fail();
    else this.end();
  }

  private fail(): void {
    this.failed = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.options.onOverflow?.();
  }
}

/** Decodes one line as UTF-8 (invalid bytes become U+FFFD) and drops a trailing `\r` (CRLF framing). */
export function decodeLine(line: Buffer): string {
  const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
  return line.toString("utf8", 0, end);
}

export type ParsedLine =
  | { kind: "message"; message: JSONRPCMessage }
  | { kind: "blank" }
  | { kind: "not-json" }
  | { kind: "not-json-rpc" };

/**
 * Parses one stdout line with a single JSON.parse and a structural check only; the SDK's Protocol classifies
 * and validates the message afterwards, so validating it here as well would do the work twice.
 */
export function parseJsonRpcLine(text: string): ParsedLine {
  const first = firstNonSpace(text);
  if (first === -1) return { kind: "blank" };
  // Banners and log lines rarely start with `{`; skipping them here avoids the cost of a thrown SyntaxError.
  if (first !== 0x7b && first !== 0x5b) return { kind: "not-json" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "not-json" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { kind: "not-json-rpc" };
  const v = value as Record<string, unknown>;
  if (v.jsonrpc !== "2.0" || (!("method" in v) && !("id" in v))) return { kind: "not-json-rpc" };
  return { kind: "message", message: value as JSONRPCMessage };
}

function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return c;
  }
  return -1;
}

export interface JsonRpcReaderOptions {
  maxMessageBytes: number;
  onMessage: (message: JSONRPCMessage) => void;
  /** A stdout line that is not JSON-RPC, already made printable: `skipped non-JSON stdout line: …`. */
  onSkipped: (text: string) => void;
  onTooLarge: () => void;
}

/** A server's stdout as JSON-RPC messages: framed, capped, junk lines skipped, delivery order kept. */
export class JsonRpcReader {
  private readonly lines: LineSplitter;
  private readonly inbox: JSONRPCMessage[] = [];
  private delivering = false;

  constructor(private readonly options: JsonRpcReaderOptions) {
    this.lines = new LineSplitter({
      maxLineBytes: options.maxMessageBytes,
      overflow: "fail",
      onLine: (line) => this.onLine(line),
      onOverflow: options.onTooLarge,
    });
  }

  push(chunk: Buffer): void {
    this.lines.push(chunk);
  }

  /** Takes an unterminated last line and hands on everything still queued, synchronously. */
  end(): void {
    this.lines.end();
    while (this.inbox.length > 0) this.deliverNext();
  }

  private onLine(line: Buffer): void {
    const text = decodeLine(line);
    const parsed = parseJsonRpcLine(text);
    if (parsed.kind === "message") {
      this.inbox.push(parsed.message);
      if (!this.delivering) this.deliverNext();
    } else if (parsed.kind !== "blank") {
      const what = parsed.kind === "not-json" ? "non-JSON" : "non-JSON-RPC";
      this.options.onSkipped(`skipped ${what} stdout line: ${printable(text)}`);
    }
  }

  /**
   * Hands on one message, and the next only in a later microtask. The SDK handles a notification one microtask
   * late but a response at once, so a progress notification and the response read in the same chunk would
   * otherwise arrive reversed, and the last progress report would be dropped as "unknown token".
   */
  private readonly deliverNext = (): void => {
    const message = this.inbox.shift();
    this.delivering = message !== undefined;
    if (message === undefined) return;
    this.options.onMessage(message);
    queueMicrotask(this.deliverNext);
  };
}
