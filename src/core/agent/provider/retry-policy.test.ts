import { describe, expect, it } from "vitest";
import type { ProviderFailure } from "./failure.js";
import { retryAfterMs, retryDecision, type RetryState } from "./retry-policy.js";

const NOW = Date.parse("2026-12-05T01:00:00Z");
const settings = { maxRetries: 4, maxWaitMs: 120_000 };
const fresh: RetryState = { retries: 0, timeoutRetries: 0, shown: false, waitLeftMs: 120_000 };
const http = (status: number, headers?: Record<string, string>): ProviderFailure => ({
  kind: "http",
  status,
  ...(headers !== undefined && { headers }),
});

describe("retryDecision", () => {
  // random() = 0: no jitter, so the backoff is exactly 1 s, 2 s, 4 s…
  const decide = (f: ProviderFailure, s: Partial<RetryState> = {}) =>
    retryDecision(f, { ...fresh, ...s }, settings, { random: () => 0, now: NOW });
  it.each<[string, ProviderFailure, Partial<RetryState>, ReturnType<typeof decide>]>([
    ["429 first time", http(429), {}, { retry: true, delayMs: 1000 }],
    ["529 overloaded, third retry", http(529), { retries: 2 }, { retry: true, delayMs: 4000 }],
    ["503 after the last retry", http(503), { retries: 4 }, { retry: false }],
    ["408, 409 and 500 are retried", http(408), { retries: 1 }, { retry: true, delayMs: 2000 }],
    ["400 never", http(400), {}, { retry: false }],
    ["401 never", http(401), {}, { retry: false }],
    ["404 never", http(404), {}, { retry: false }],
    ["connection refused never", { kind: "refused" }, {}, { retry: false }],
    ["unknown host never", { kind: "unresolved" }, {}, { retry: false }],
    ["too long never (the loop compacts)", { kind: "context-overflow", status: 400 }, {}, { retry: false }],
    ["a cut before output", { kind: "cut" }, {}, { retry: true, delayMs: 1000 }],
    ["a cut after output", { kind: "cut" }, { shown: true }, { retry: false }],
    ["a 503 after output", http(503), { shown: true }, { retry: false }],
    ["a first-byte timeout once", { kind: "first-byte-timeout" }, {}, { retry: true, delayMs: 1000 }],
    [
      "a second timeout ends it",
      { kind: "idle-timeout" },
      { retries: 1, timeoutRetries: 1 },
      { retry: false },
    ],
    ["past modelMaxRetries", http(503), { retries: 6 }, { retry: false }],
    ["retry-after in seconds", http(429, { "retry-after": "7" }), {}, { retry: true, delayMs: 7000 }],
    [
      "retry-after-ms wins",
      http(429, { "retry-after-ms": "250", "retry-after": "7" }),
      {},
      { retry: true, delayMs: 250 },
    ],
    ["the wait never passes the budget left", http(503), { waitLeftMs: 300 }, { retry: true, delayMs: 300 }],
  ])("%s", (_name, f, s, want) => {
    expect(decide(f, s)).toEqual(want);
  });

  it("refuses a retry-after longer than the turn's budget, saying so", () => {
    expect(decide(http(429, { "retry-after": "600" }))).toEqual({
      retry: false,
      why: `the provider asks to wait 600 s before trying again, more than this turn's retry budget left (120 s; "modelRetryMaxWaitMs")`,
    });
  });

  it("jitters the backoff by up to a quarter", () => {
    const d = retryDecision(http(503), { ...fresh, retries: 2 }, settings, { random: () => 1, now: NOW });
    expect(d).toEqual({ retry: true, delayMs: 3000 });
  });
});

describe("retryAfterMs", () => {
  it.each<[string, Record<string, string>, number | undefined, number | undefined]>([
    ["seconds", { "retry-after": "3" }, 503, 3000],
    ["an HTTP date", { "retry-after": "Sat, 05 Dec 2026 01:00:20 GMT" }, 503, 20_000],
    ["nothing", {}, 429, undefined],
    [
      "OpenAI's exhausted token limit",
      {
        "x-ratelimit-remaining-requests": "99",
        "x-ratelimit-reset-requests": "120ms",
        "x-ratelimit-remaining-tokens": "0",
        "x-ratelimit-reset-tokens": "6m0s",
      },
      429,
      360_000,
    ],
    [
      "Anthropic's exhausted request limit",
      {
        "anthropic-ratelimit-requests-remaining": "0",
        "anthropic-ratelimit-requests-reset": "2026-12-05T01:00:05Z",
        "anthropic-ratelimit-tokens-remaining": "5000",
        "anthropic-ratelimit-tokens-reset": "2026-12-05T01:01:00Z",
      },
      429,
      5000,
    ],
    [
      "rate-limit resets only count on a 429",
      { "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "1s" },
      503,
      undefined,
    ],
  ])("%s", (_name, headers, status, want) => {
    expect(retryAfterMs(headers, NOW, status)).toEqual(want);
  });
});
