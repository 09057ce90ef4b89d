// One upstream call seen through the multi-round-trip pattern (§14, §22): the caller's `tools/call` starts it;
// when the upstream server asks for input, the round ends with `input_required` carrying that question, and
// the caller's retry (same caller, the `requestState` key) hands the answer back to the waiting upstream
// request. The SDK turns these rounds into real elicitation requests for 2025-era callers.
import { randomBytes } from "node:crypto";
import type { ElicitResult } from "@modelcontextprotocol/client";
import type { ElicitationParams } from "../mcp/connection/elicitation.js";

export type Step<T> = { kind: "done"; value: T } | { kind: "ask"; params: ElicitationParams };

/** How long a call may wait for its caller's answer before it is cancelled. */
export const ANSWER_WAIT_MS = 10 * 60_000;

export class PendingCall<T> {
  private ownKey: string | undefined;
  readonly abort = new AbortController();
  private question: { params: ElicitationParams; answer: (r: ElicitResult) => void } | undefined;
  private wake: (() => void) | undefined;
  private outcome: { value: T } | { error: unknown } | undefined;
  private expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly caller: string,
    start: (
      ask: (params: ElicitationParams, signal: AbortSignal) => Promise<ElicitResult>,
      signal: AbortSignal,
    ) => Promise<T>,
  ) {
    start((params, signal) => this.ask(params, signal), this.abort.signal).then(
      (value) => this.settle({ value }),
      (error: unknown) => this.settle({ error }),
    );
  }

  /** The `requestState` a caller's retry carries; made when a round first asks (most calls never do). */
  get key(): string {
    return (this.ownKey ??= randomBytes(18).toString("base64url"));
  }

  /** The next thing the caller must hear: the result, or a question. `signal` is this round's. */
  async next(signal: AbortSignal): Promise<Step<T>> {
    clearTimeout(this.expiry);
    const onAbort = () => this.abort.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      while (this.outcome === undefined && this.question === undefined) {
        await new Promise<void>((r) => (this.wake = r));
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
    if (this.outcome !== undefined) {
      if ("error" in this.outcome) throw this.outcome.error;
      return { kind: "done", value: this.outcome.value };
    }
    const q = this.question as { params: ElicitationParams };
    this.expiry = setTimeout(() => this.abort.abort(new Error("no answer from the caller")), ANSWER_WAIT_MS);
    this.expiry.unref();
    return { kind: "ask", params: q.params };
  }

  /** The caller's answer to the question the last round carried. */
  answer(r: ElicitResult): boolean {
    const q = this.question;
    if (q === undefined) return false;
    this.question = undefined;
    q.answer(r);
    return true;
  }

  get settled(): boolean {
    return this.outcome !== undefined;
  }

  private ask(params: ElicitationParams, signal: AbortSignal): Promise<ElicitResult> {
    return new Promise<ElicitResult>((resolve, reject) => {
      if (this.question !== undefined) return resolve({ action: "decline" }); // one question at a time
      this.question = { params, answer: resolve };
      signal.addEventListener("abort", () => {
        this.question = undefined;
        reject(signal.reason as Error);
      });
      this.wake?.();
    });
  }

  private settle(o: { value: T } | { error: unknown }): void {
    clearTimeout(this.expiry);
    this.outcome = o;
    this.wake?.();
  }
}
