// The error a failed model request ends a turn with: which endpoint (provider, model, base URL), what
// happened (status and the provider's words, or which bound fired), after how many attempts, and the
// setting or variable that changes it. Pure.
import type { ErrorCode } from "../../errors.js";
import type { Endpoint } from "./endpoint.js";
import type { ProviderFailure } from "./failure.js";
import { seconds } from "./retry-policy.js";
import type { ModelTimeouts } from "./timed-fetch.js";

export interface FailureContext {
  /** Requests made (1 = no retry). */
  attempts: number;
  /** Tokens the user had already seen when the stream broke (0: nothing was shown). */
  shownTokens: number;
  timeouts: ModelTimeouts;
  /** Why no further retry was made, when it is not obvious (a retry-after past the budget). */
  why?: string;
}

export interface DescribedFailure {
  code: ErrorCode;
  message: string;
}

export function describeFailure(f: ProviderFailure, at: Endpoint, c: FailureContext): DescribedFailure {
  const who = `${at.id} at ${at.baseURL}`;
  const tries = c.attempts > 1 ? ` (${c.attempts} attempts)` : "";
  const said = f.providerMessage !== undefined ? `: ${f.providerMessage}` : "";
  const status = f.status !== undefined ? `HTTP ${f.status}${said}` : said.slice(2);
  const why = c.why !== undefined ? ` — ${c.why}` : "";
  const modelName = `the model name "${at.model}"${at.modelFrom !== undefined ? ` (from ${at.modelFrom})` : ""}`;
  const setting = (name: string, env: string) => `"${name}" in settings.json (or ${env})`;
  if (c.shownTokens > 0 && (f.kind === "cut" || f.kind === "idle-timeout")) {
    const how =
      f.kind === "idle-timeout"
        ? `sent nothing for ${seconds(c.timeouts.idleMs)} (raise ${setting("modelIdleTimeoutMs", "CODEAGENT_MODEL_IDLE_TIMEOUT_MS")})`
        : `closed the connection${f.detail !== undefined ? ` (${f.detail})` : ""}`;
    return {
      code: "STREAM_CUT",
      message: `the stream was cut after ${c.shownTokens} tokens: ${who} ${how}. What was shown is kept in the session; send "continue" to go on.`,
    };
  }
  switch (f.kind) {
    case "connect-timeout":
      return {
        code: "PROVIDER_TIMEOUT",
        message: `${who}: no connection within ${seconds(c.timeouts.connectMs)}${tries}. Check the address (${at.baseUrlSetting}) and your network, or raise ${setting("modelConnectTimeoutMs", "CODEAGENT_MODEL_CONNECT_TIMEOUT_MS")}.`,
      };
    case "first-byte-timeout":
      return {
        code: "PROVIDER_TIMEOUT",
        message: `${who} accepted the connection but sent no response within ${seconds(c.timeouts.firstByteMs)}${tries}. Check that the server at ${at.baseURL} is working, or raise ${setting("modelFirstByteTimeoutMs", "CODEAGENT_MODEL_FIRST_BYTE_TIMEOUT_MS")} for a model that is slow to start.`,
      };
    case "idle-timeout":
      return {
        code: "PROVIDER_TIMEOUT",
        message: `${who} stopped sending mid-answer: nothing for ${seconds(c.timeouts.idleMs)}${tries}. Raise ${setting("modelIdleTimeoutMs", "CODEAGENT_MODEL_IDLE_TIMEOUT_MS")} for a model that thinks long before it writes.`,
      };
    case "refused":
      return {
        code: "PROVIDER_UNREACHABLE",
        message: `${who}: connection refused — nothing is listening there. Start the model server, or point ${at.baseUrlSetting} at it.`,
      };
    case "unresolved":
      return {
        code: "PROVIDER_UNREACHABLE",
        message: `${who}: the host name does not resolve${f.detail !== undefined ? ` (${f.detail})` : ""}. Check ${at.baseUrlSetting} and your network.`,
      };
    case "cut":
      return {
        code: "PROVIDER_UNREACHABLE",
        message: `${who} closed the connection before answering${f.detail !== undefined ? ` (${f.detail})` : ""}${tries}${why}. Try again; if it keeps happening, check the server at ${at.baseURL}.`,
      };
    case "context-overflow":
      return {
        code: "CONTEXT_OVERFLOW",
        message: `${who} says the request is longer than the model's context window, even after compacting the conversation and cutting the largest tool results: ${status}. Start a new session (/clear, or without --continue), send a shorter message, or set "contextWindow" in settings.json to the model's real window.`,
      };
    case "http":
      return {
        code: "PROVIDER_ERROR",
        message: `${who} failed: ${status}${tries}${why}. ${httpHint(f.status, at, modelName, c.attempts)}`,
      };
    case "other":
      return {
        code: "PROVIDER_ERROR",
        message: `${who} failed${f.detail !== undefined ? `: ${f.detail}` : ""}${tries}${why}. Check ${at.baseUrlSetting} and ${modelName}.`,
      };
  }
}

function httpHint(status: number | undefined, at: Endpoint, modelName: string, attempts: number): string {
  const key = at.keyVar !== undefined ? `the API key in ${at.keyVar}` : "the server's access settings";
  switch (status) {
    case 401:
      return `Check ${key}.`;
    case 403:
      return `Check ${key} and that it may use ${at.model}.`;
    case 404:
      return `Check ${modelName} and the base URL (${at.baseUrlSetting}).`;
    case 429:
      return `The provider is rate-limiting this key; wait and try again${attempts > 1 ? `, raise "modelMaxRetries" or "modelRetryMaxWaitMs" in settings.json,` : ""} or use another model (--model).`;
    default:
      if (status !== undefined && status >= 500)
        return `The provider is failing or overloaded; try again later${attempts > 1 ? `, raise "modelMaxRetries" in settings.json,` : ""} or use another model (--model).`;
      return `The provider refused the request; check ${modelName} and ${at.baseUrlSetting}.`;
  }
}
