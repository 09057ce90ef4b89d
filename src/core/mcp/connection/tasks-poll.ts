// What both task forms share (§7): the bounded poll delay, an abortable sleep, and the shape of one request of
// a task loop.
import type { z } from "zod";

/** The next poll delay: the server's interval, kept between 100 ms and 5 s (a hostile 0 or an hour). */
export function pollDelayMs(serverMs: number | undefined): number {
  const ms = serverMs ?? 1000;
  return Math.min(5000, Math.max(100, Number.isFinite(ms) ? ms : 1000));
}

/** One request of a task loop: method, params, result schema (sent under the call's signal). */
export type TaskRequest = <T extends z.ZodType>(
  method: string,
  params: Record<string, unknown>,
  schema: T,
) => Promise<z.infer<T>>;

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
