// Messages written in one tick leave in one system call. With many calls in flight, each message written on
// its own cost a write and a wake-up of the reader; corking the stream until the tick ends sends them together
// (one `writev`). A lone message waits only for the current tick to finish.
import { Writable } from "node:stream";

/** Holds `stream`'s writes until the current tick ends, then writes them together. */
export function corkForTick(stream: Writable): void {
  if (stream.writableCorked > 0) return;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

/**
 * A stream that writes through to `out`, a tick's writes together: for a writer that calls `write` per message
 * and is not ours to change (the SDK's stdio server transport writing to `process.stdout`).
 */
export class CoalescedWriter extends Writable {
  constructor(private readonly out: Writable) {
    super({ decodeStrings: false });
    out.on("error", (e) => this.destroy(e));
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (e?: Error | null) => void): void {
    corkForTick(this.out);
    if (this.out.write(chunk)) done();
    else this.out.once("drain", () => done());
  }
}

/** One settled promise for every write the stream took at once: no promise built per message. */
const WRITTEN: Promise<void> = Promise.resolve();

/** Writes to `stream` a tick's messages together (corkForTick), with one shared wait for `drain`. */
export class TickWriter {
  private drain: Promise<void> | undefined;
  private rejectDrain: ((e: Error) => void) | undefined;

  constructor(private readonly stream: Writable) {}

  /** Resolves once the stream takes more (at once, unless it asked to wait for `drain`). */
  write(text: string): Promise<void> {
    corkForTick(this.stream);
    return this.stream.write(text) ? WRITTEN : this.waitForDrain();
  }

  /** The stream is gone: a writer waiting for `drain` gets `error` instead. */
  fail(error: Error): void {
    this.rejectDrain?.(error);
    this.drain = undefined;
  }

  /** One shared wait, so that many concurrent senders do not pile up `drain` listeners. */
  private waitForDrain(): Promise<void> {
    this.drain ??= new Promise<void>((resolve, reject) => {
      this.rejectDrain = reject;
      this.stream.once("drain", () => {
        this.drain = undefined;
        resolve();
      });
    });
    return this.drain;
  }
}
