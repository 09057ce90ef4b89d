// Local (host) errors carry a stable string `code`; callers branch on it, never on message text.

export type ErrorCode =
  | "USAGE"
  | "CONFIG_PARSE"
  | "CONFIG_INVALID"
  | "VARIABLE_UNSET"
  | "UNKNOWN_SERVER"
  | "UNKNOWN_TOOL"
  | "INVALID_ARGUMENTS"
  | "NEEDS_APPROVAL"
  | "PERMISSION_DENIED"
  | "TOOL_CHANGED"
  | "UNKNOWN_SKILL"
  | "SKILL_UNVERIFIED"
  | "SERVER_UNAVAILABLE"
  | "STARTUP_TIMEOUT"
  | "SPAWN_FAILED"
  | "SERVER_EXITED"
  | "CONNECTION_CLOSED"
  | "MESSAGE_TOO_LARGE"
  | "CALL_TIMEOUT"
  | "CANCELLED"
  | "PROTOCOL_ERROR"
  | "NEEDS_AUTH"
  | "TOO_MANY_TOOLS"
  | "SESSION_NOT_FOUND"
  | "NO_PROVIDER"
  // The model provider (§10): nothing listens / host unknown; a bound fired; it answered with an error;
  // the request is longer than the window even after compaction; the stream broke after output was shown.
  | "PROVIDER_UNREACHABLE"
  | "PROVIDER_TIMEOUT"
  | "PROVIDER_ERROR"
  | "CONTEXT_OVERFLOW"
  | "STREAM_CUT"
  | "SANDBOX_UNAVAILABLE"
  | "INTERNAL";

export class CodeagentError extends Error {
  override readonly name = "CodeagentError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isCodeagentError(e: unknown, code?: ErrorCode): e is CodeagentError {
  return e instanceof CodeagentError && (code === undefined || e.code === code);
}

/** A short, user-facing message for any thrown value. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
