// Whether a failed model request is tried again, and after how long. Pure (the random source and the clock
// are passed in), so the table of cases is a test. Retried: rate limits and overloads (408, 409, 429, 5xx,
// 529), connections reset or streams cut before anything was shown, and a timeout once. Never retried: a
// request the provider refused (other 4xx), nothing listening, an unknown host, a "too long" answer (the
// loop compacts instead), and anything once output was shown (it would be shown twice).
import type { ProviderFailure } from "./failure.js";

export interface RetrySettings {
  /** Retries of one model request (`modelMaxRetries`). */
  maxRetries: number;
  /** Time a turn may spend waiting between retries, retry-after included (`modelRetryMaxWaitMs`). */
  maxWaitMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxRetries: 4, maxWaitMs: 120_000 };

/** Backoff without a provider's hint: 1 s, 2 s, 4 s, … up to this, less up to a quarter of jitter. */
const BASE_MS = 1000;
const CAP_MS = 30_000;

export interface RetryState {
  /** Retries of this request so far. */
  retries: number;
  /** Of them, after a timeout. */
  timeoutRetries: number;
  /** Whether any of this request's output reached the user. */
  shown: boolean;
  /** Waiting left in this turn's budget. */
  waitLeftMs: number;
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; why?: string };

const RETRY_STATUS = new Set([408, 409, 429, 529]);

export function retryDecision(
  f: ProviderFailure,
  s: RetryState,
  settings: RetrySettings,
  o: { random: () => number; now: number },
): RetryDecision {
  if (s.shown) return { retry: false };
  const timeout =
    f.kind === "connect-timeout" || f.kind === "first-byte-timeout" || f.kind === "idle-timeout";
  const retryable =
    timeout ||
    f.kind === "cut" ||
    (f.kind === "http" && f.status !== undefined && (RETRY_STATUS.has(f.status) || f.status >= 500));
  if (!retryable) return { retry: false };
  if (s.retries >= settings.maxRetries) return { retry: false };
  if (timeout && s.timeoutRetries >= 1) return { retry: false };
  const asked = f.headers !== undefined ? retryAfterMs(f.headers, o.now, f.status) : undefined;
  if (asked !== undefined && asked > s.waitLeftMs)
    return {
      retry: false,
      why: `the provider asks to wait ${seconds(asked)} before trying again, more than this turn's retry budget left (${seconds(s.waitLeftMs)}; "modelRetryMaxWaitMs")`,
    };
  const backoff = Math.min(CAP_MS, BASE_MS * 2 ** s.retries) * (1 - 0.25 * o.random());
  const delayMs = Math.round(Math.min(asked ?? backoff, s.waitLeftMs));
  if (delayMs <= 0 && s.waitLeftMs <= 0) return { retry: false };
  return { retry: true, delayMs };
}

/**
 * How long the provider asks to wait: `retry-after-ms`, `retry-after` (seconds or an HTTP date), or on a 429
 * the latest reset of an exhausted rate limit (OpenAI's `x-ratelimit-reset-*` durations such as "6m0s",
 * Anthropic's `anthropic-ratelimit-*-reset` times). Undefined when it says nothing usable.
 */
export function retryAfterMs(
  headers: Record<string, string>,
  now: number,
  status?: number,
): number | undefined {
  const ms = Number(headers["retry-after-ms"]);
  if (headers["retry-after-ms"] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const ra = headers["retry-after"]?.trim();
  if (ra !== undefined && ra !== "") {
    if (/^\d+(\.\d+)?$/.test(ra)) return Number(ra) * 1000;
    const at = Date.parse(ra);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  if (status !== 429) return undefined;
  let latest: number | undefined;
  for (const [name, value] of Object.entries(headers)) {
    const openai = /^x-ratelimit-reset-(.+)$/.exec(name);
    const anthropic = /^anthropic-ratelimit-(.+)-reset$/.exec(name);
    const remaining =
      openai !== null
        ? headers[`x-ratelimit-remaining-${openai[1]}`]
        : anthropic !== null
          ? headers[`anthropic-ratelimit-${anthropic[1]}-remaining`]
          : undefined;
    if (openai === null && anthropic === null) continue;
    // A limit with requests or tokens left is not the one that refused this request.
    if (remaining !== undefined && Number(remaining) > 0) continue;
    const wait = resetMs(value, now);
    if (wait !== undefined) latest = Math.max(latest ?? 0, wait);
  }
  return latest;
}

/** "1s", "6m0s", "20ms", "1h2m3.5s" (OpenAI) or an RFC 3339 time (Anthropic). */
function resetMs(v: string, now: number): number | undefined {
  const parts = [...v.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length > 0 && parts.map((p) => p[0]).join("") === v.trim()) {
    const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
    return parts.reduce((t, p) => t + Number(p[1]) * (unit[p[2] ?? "s"] ?? 1000), 0);
  }
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms / 1000)} s`;
}
