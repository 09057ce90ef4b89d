// Printing for one-shot commands: one JSON document or human text on stdout, diagnostics on stderr, and
// the mapping from error codes to the exit codes of SPEC §2.
import { CodeagentError, errorMessage, type ErrorCode } from "../core/errors.js";
import { stripControl } from "../core/text/strip.js";

export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3, unavailable: 4, provider: 5 } as const;

const EXIT_BY_CODE: Partial<Record<ErrorCode, number>> = {
  USAGE: EXIT.usage,
  CONFIG_PARSE: EXIT.usage,
  CONFIG_INVALID: EXIT.usage,
  VARIABLE_UNSET: EXIT.unavailable,
  UNKNOWN_SERVER: EXIT.usage,
  UNKNOWN_TOOL: EXIT.usage,
  INVALID_ARGUMENTS: EXIT.usage,
  PERMISSION_DENIED: EXIT.refused,
  TOOL_CHANGED: EXIT.refused,
  UNKNOWN_SKILL: EXIT.usage,
  SKILL_UNVERIFIED: EXIT.refused,
  NEEDS_APPROVAL: EXIT.refused,
  SERVER_UNAVAILABLE: EXIT.unavailable,
  STARTUP_TIMEOUT: EXIT.unavailable,
  SPAWN_FAILED: EXIT.unavailable,
  SERVER_EXITED: EXIT.unavailable,
  CONNECTION_CLOSED: EXIT.unavailable,
  MESSAGE_TOO_LARGE: EXIT.unavailable,
  CALL_TIMEOUT: EXIT.unavailable,
  NEEDS_AUTH: EXIT.unavailable,
  TOO_MANY_TOOLS: EXIT.usage,
  SESSION_NOT_FOUND: EXIT.usage,
  NO_PROVIDER: EXIT.usage,
  // The model provider failed the turn: not a tool's failure (1), nor an MCP server's (4).
  PROVIDER_UNREACHABLE: EXIT.provider,
  PROVIDER_TIMEOUT: EXIT.provider,
  PROVIDER_ERROR: EXIT.provider,
  CONTEXT_OVERFLOW: EXIT.provider,
  STREAM_CUT: EXIT.provider,
  SANDBOX_UNAVAILABLE: EXIT.unavailable,
};

/** The exit code of a failed turn's error code (`TurnResult.errorCode`); 1 when it has none. */
export function exitCodeForCode(code: string | undefined): number {
  return (code !== undefined ? EXIT_BY_CODE[code as ErrorCode] : undefined) ?? EXIT.failed;
}

export function exitCodeFor(e: unknown): number {
  const own = (e as { exitCode?: unknown } | null)?.exitCode;
  if (typeof own === "number") return own;
  return e instanceof CodeagentError ? (EXIT_BY_CODE[e.code] ?? EXIT.failed) : EXIT.failed;
}

/** Human text on stdout. Much of it is server text, so nothing a terminal would interpret gets through. */
export function writeOut(text: string): Promise<void> {
  return write(stripControl(text));
}

/** Diagnostics on stderr, cleaned like writeOut. */
export function warn(text: string): void {
  process.stderr.write(`${stripControl(text)}\n`);
}

/**
 * One JSON document on stdout. JSON.stringify already escapes C0 controls; C1 controls and bidi overrides
 * it leaves raw are escaped too, so a terminal shows the document as it is and the values stay the same.
 */
export async function printJson(value: unknown): Promise<void> {
  await write(safeJson(value, 2));
}

/** JSON text with every C0/C1 control and bidi override escaped: `--json`, `json` and `stream-json` share it. */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function write(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (text === "") return resolve();
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`, () => resolve());
  });
}

/** The `--json` error document of §2.1; its code is always one of ErrorCode. */
export function errorDocument(
  code: ErrorCode,
  message: string,
): { error: { code: ErrorCode; message: string } } {
  return { error: { code, message } };
}

/** Reports an error in the requested format and returns the exit code. */
export async function reportError(e: unknown, json: boolean): Promise<number> {
  const code = e instanceof CodeagentError ? e.code : "INTERNAL";
  const message = errorMessage(e);
  if (json) await printJson(errorDocument(code, message));
  else warn(`codeagent: ${message}`);
  return exitCodeFor(e);
}
