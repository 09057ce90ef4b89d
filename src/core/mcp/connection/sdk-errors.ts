// Translates what the SDK and fetch throw into our typed errors, worded for the user.
import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { CodeagentError, errorMessage } from "../../errors.js";
import { stripControlLine } from "../../text/strip.js";
import { describeNetworkFailure, shownUrl } from "../remote/network-errors.js";

export function httpStatusOf(e: unknown): number | undefined {
  if (e instanceof SdkHttpError) return e.status;
  if (e instanceof SseError) return e.code;
  return undefined;
}

export function isAbortError(e: unknown): boolean {
  return e instanceof Error && (e.name === "AbortError" || (e as { code?: unknown }).code === "ABORT_ERR");
}

export interface ErrorContext {
  /** What was being done, e.g. `tools/call echo`. */
  action: string;
  /** Why the transport closed, if it did (stdio exit with stderr tail, message too large…). */
  closeReason?: CodeagentError | undefined;
  timeoutMs?: number;
  timeoutSetting?: string;
  url?: string;
}

export function toCodeagentError(e: unknown, ctx: ErrorContext): CodeagentError {
  // Ours, possibly wrapped by the SDK (e.g. "Version negotiation probe failed" around an OAuth failure).
  const own = ownCause(e);
  if (own !== undefined) return own;
  if (ctx.closeReason !== undefined) return ctx.closeReason;
  const t = translate(e, ctx);
  // Server text (error messages, tool names, URIs) ends up in these messages: cleaned once, here.
  return new CodeagentError(t.code, stripControlLine(t.message), { cause: e });
}

function translate(e: unknown, ctx: ErrorContext): CodeagentError {
  // "Version negotiation probe failed: fetch failed": what went wrong is the cause (refused, bad port, HTTP 401…).
  if (e instanceof SdkError && e.code === SdkErrorCode.EraNegotiationFailed && e.cause instanceof Error) {
    return translate(e.cause, ctx);
  }
  if (isAbortError(e)) return new CodeagentError("CANCELLED", `${ctx.action} was cancelled`, { cause: e });
  if (e instanceof UnauthorizedError || httpStatusOf(e) === 401) {
    return new CodeagentError("NEEDS_AUTH", `the server requires authorization (${errorMessage(e)})`, {
      cause: e,
    });
  }
  if (e instanceof SdkError && !(e instanceof SdkHttpError)) {
    if (e.code === SdkErrorCode.RequestTimeout) {
      const secs = ctx.timeoutMs === undefined ? "" : ` after ${formatSeconds(ctx.timeoutMs)}`;
      const hint = ctx.timeoutSetting === undefined ? "" : `; raise ${ctx.timeoutSetting}`;
      return new CodeagentError("CALL_TIMEOUT", `${ctx.action} timed out${secs}${hint}`, { cause: e });
    }
    if (e.code === SdkErrorCode.ConnectionClosed) {
      return new CodeagentError("CONNECTION_CLOSED", `the connection closed during ${ctx.action}`, {
        cause: e,
      });
    }
    return new CodeagentError("PROTOCOL_ERROR", `${ctx.action} failed: ${e.message}`, { cause: e });
  }
  if (e instanceof ProtocolError) {
    return new CodeagentError("PROTOCOL_ERROR", `server error during ${ctx.action}: ${e.message}`, {
      cause: e,
    });
  }
  const status = httpStatusOf(e);
  if (status !== undefined) {
    return new CodeagentError(
      "SERVER_UNAVAILABLE",
      `HTTP ${status} from ${ctx.url ?? "the server"} during ${ctx.action}: ${errorMessage(e)}`,
      { cause: e },
    );
  }
  const net = ctx.url === undefined ? undefined : describeNetworkFailure(e, ctx.url);
  if (net !== undefined && ctx.url !== undefined) {
    return new CodeagentError("SERVER_UNAVAILABLE", `cannot reach ${shownUrl(ctx.url)}: ${net}`, {
      cause: e,
    });
  }
  return new CodeagentError("PROTOCOL_ERROR", `${ctx.action} failed: ${errorMessage(e)}`, { cause: e });
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function ownCause(e: unknown): CodeagentError | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur instanceof Error; i++) {
    if (cur instanceof CodeagentError) return cur;
    cur = cur.cause;
  }
  return undefined;
}
