// A model step with the retries a user sees (§10): a failure before anything was shown is tried again after
// a backoff (or what the provider asks for), each retry announced as a `retry` event; a failure after output
// ends the step with what was shown. The error that ends a turn names the endpoint and what to change.
import type { ErrorCode } from "../errors.js";
import type { Endpoint } from "./provider/endpoint.js";
import { classifyFailure, type ProviderFailure } from "./provider/failure.js";
import { describeFailure } from "./provider/failure-message.js";
import { DEFAULT_REQUEST, type ModelRequestSettings } from "./provider/request-settings.js";
import { retryDecision, seconds } from "./provider/retry-policy.js";
import { aborted } from "./signal.js";
import { estimateTokens } from "./context.js";
import { streamStep, type StepInput, type StepOutcome } from "./stream-step.js";

/** Waiting between retries left in one turn (shared by its steps, compaction and sub-agents' own). */
export interface RetryBudget {
  waitLeftMs: number;
}

export interface RequestContext {
  endpoint?: Endpoint;
  request?: ModelRequestSettings;
  budget: RetryBudget;
  /** Injected in tests: fake timers drive it. */
  random?: () => number;
}

export type RequestOutcome =
  | Exclude<StepOutcome, { kind: "error" }>
  | { kind: "error"; text: string; error: string; code: ErrorCode; failure: ProviderFailure };

export async function requestStep(input: StepInput, c: RequestContext): Promise<RequestOutcome> {
  const settings = c.request ?? DEFAULT_REQUEST;
  const endpoint = c.endpoint ?? unnamedEndpoint;
  let retries = 0;
  let timeoutRetries = 0;
  for (;;) {
    let shown = false;
    const step = await streamStep({
      ...input,
      onEvent: (e) => {
        if (e.type === "text-delta" || e.type === "tool-call" || e.type === "tool-result") shown = true;
        input.onEvent(e);
      },
    });
    if (step.kind !== "error") return step;
    const failure = classifyFailure(step.cause);
    const d = retryDecision(
      failure,
      { retries, timeoutRetries, shown, waitLeftMs: c.budget.waitLeftMs },
      settings.retry,
      { random: c.random ?? Math.random, now: Date.now() },
    );
    if (!d.retry) {
      const { code, message } = describeFailure(failure, endpoint, {
        attempts: retries + 1,
        shownTokens: shown ? Math.max(1, estimateTokens(step.text)) : 0,
        timeouts: settings.timeouts,
        ...(d.why !== undefined && { why: d.why }),
      });
      return { kind: "error", text: step.text, error: message, code, failure };
    }
    retries++;
    if (isTimeout(failure)) timeoutRetries++;
    c.budget.waitLeftMs -= d.delayMs;
    input.onEvent({
      type: "retry",
      attempt: retries,
      of: settings.retry.maxRetries,
      delayMs: d.delayMs,
      reason: shortReason(failure, settings),
    });
    await sleep(d.delayMs, input.signal);
    if (aborted(input.signal)) return { kind: "aborted", text: "" };
  }
}

function isTimeout(f: ProviderFailure): boolean {
  return f.kind === "connect-timeout" || f.kind === "first-byte-timeout" || f.kind === "idle-timeout";
}

/** One line for "retrying in N s (k/n): REASON". */
export function shortReason(f: ProviderFailure, s: ModelRequestSettings): string {
  switch (f.kind) {
    case "connect-timeout":
      return `no connection within ${seconds(s.timeouts.connectMs)}`;
    case "first-byte-timeout":
      return `no response within ${seconds(s.timeouts.firstByteMs)}`;
    case "idle-timeout":
      return `the stream stalled for ${seconds(s.timeouts.idleMs)}`;
    case "cut":
      return `the connection was cut${f.detail !== undefined ? ` (${f.detail})` : ""}`;
    default:
      return `HTTP ${f.status ?? "?"}${f.providerMessage !== undefined ? `: ${f.providerMessage.slice(0, 120)}` : ""}`;
  }
}

/** A wait that ends early, without throwing, when the turn is cancelled (Ctrl-C never waits out a backoff). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (aborted(signal)) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

const unnamedEndpoint: Endpoint = {
  id: "the model",
  provider: "",
  model: "",
  baseURL: "its endpoint",
  baseUrlSetting: "--base-url",
};

/** "retrying in 2 s (1/4): HTTP 429: rate limited" — the line both the session and `-p` show. */
export function retryText(e: { attempt: number; of: number; delayMs: number; reason: string }): string {
  return `model request failed; retrying in ${seconds(e.delayMs)} (${e.attempt}/${e.of}): ${e.reason}`;
}
