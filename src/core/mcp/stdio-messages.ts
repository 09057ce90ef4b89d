// Why a stdio server could not start or stopped, in the user's terms and naming the setting to change.
import { CodeagentError } from "../errors.js";
import { formatBytes } from "../text/bytes.js";

const REASON_MAX_CHARS = 300;
const REASON_MAX_LINES = 3;
const PATH_MAX_CHARS = 300;

/** A failed spawn (`ENOENT`, `EACCES`, a missing working directory, …) as a SPAWN_FAILED error. */
export function spawnError(
  command: string,
  error: { code?: string; message?: string },
  env: Readonly<Record<string, string>>,
  cwd?: string,
): CodeagentError {
  const options = error instanceof Error ? { cause: error } : undefined;
  switch (error.code) {
    case "ENOCWD":
      return new CodeagentError(
        "SPAWN_FAILED",
        `working directory not found: ${cwd} (check "cwd" in the server config)`,
        options,
      );
    case "ENOENT": {
      const split = splitCommandLine(command);
      if (split !== undefined) {
        return new CodeagentError(
          "SPAWN_FAILED",
          `command not found: ${command} ("command" is one program, run without a shell; put the rest in "args": ` +
            `"command": ${JSON.stringify(split.command)}, "args": ${JSON.stringify(split.args)})`,
          options,
        );
      }
      // A bare name was looked up on the server's PATH, which is often not the shell's (GUI launch, nvm).
      const searched = /[\\/]/.test(command) ? "" : `; searched PATH=${pathOf(env)}`;
      return new CodeagentError(
        "SPAWN_FAILED",
        `command not found: ${command} (check "command" in the server config${searched})`,
        options,
      );
    }
    case "EACCES":
      return new CodeagentError(
        "SPAWN_FAILED",
        `permission denied: ${command} is not an executable file (check "command" in the server config)`,
        options,
      );
    default:
      return new CodeagentError(
        "SPAWN_FAILED",
        `could not start ${command}: ${error.message ?? error.code ?? "unknown error"}`,
        options,
      );
  }
}

/**
 * A whole command line written as `command` (READMEs for other hosts say `"command": "heroku mcp:start"`):
 * the program and its arguments, when the first word is a bare program name. A path with spaces in it
 * (`/opt/My Tools/srv`) is left alone: splitting it would only mislead.
 */
function splitCommandLine(command: string): { command: string; args: string[] } | undefined {
  const words = command.trim().split(/\s+/);
  const [first, ...rest] = words;
  if (first === undefined || rest.length === 0 || /[\\/]/.test(first)) return undefined;
  return { command: first, args: rest };
}

function pathOf(env: Readonly<Record<string, string>>): string {
  const key = Object.keys(env).find((k) => k.toUpperCase() === "PATH");
  const value = key === undefined ? "" : (env[key] ?? "");
  if (value === "") return "(unset)";
  return value.length > PATH_MAX_CHARS ? `${value.slice(0, PATH_MAX_CHARS - 1)}…` : value;
}

/** An unexpected exit as SERVER_EXITED, e.g. `exited with code 1: FATAL: API key missing`. */
export function exitReason(
  exit: { code: number | null; signal: string | null },
  stderrTail: readonly string[],
): CodeagentError {
  const how = exit.signal !== null ? `was killed by signal ${exit.signal}` : `exited with code ${exit.code}`;
  const why = summarize(stderrTail);
  return new CodeagentError("SERVER_EXITED", why === "" ? how : `${how}: ${why}`);
}

/**
 * Lines that never say why a server failed: stack frames, Node's version trailer, and what npm/npx print
 * around the real error (update notices, warnings, "a complete log of this run…", its 404 boilerplate). An
 * `npx` server that dies with "Permission denied" is followed by five lines of "npm notice New major version…".
 */
const NOISE: readonly RegExp[] = [
  /^\s*at\s/,
  /^Node\.js v\d/,
  /^npm (notice|warn|WARN)\b/,
  /^npm (error|ERR!) (A complete log of this run|Log files were not written|You can rerun the command)/,
  /^npm (error|ERR!) (404|code)?\s*$/,
  /^npm (error|ERR!) 404 (Note that you can also install from a|tarball, folder, http url, or git url)/,
  /^npm (error|ERR!) \s*\/.*_logs\/.*\.log$/,
];

/**
 * The last telling stderr lines, joined. Stack frames, Node's version trailer, caret markers and npm's notices
 * say little to a user, so they give way to the lines around them (`Error: …`, `Permission denied`, `E404`).
 */
export function summarize(lines: readonly string[]): string {
  const wordy = lines.filter((l) => /[\p{L}\p{N}]/u.test(l));
  const telling = wordy.filter((l) => !NOISE.some((n) => n.test(l.trim())));
  // Only noise (say, nothing but npm's warnings): better that than nothing.
  if (telling.length === 0) telling.push(...wordy);
  const picked = telling.slice(-REASON_MAX_LINES).map((l) => l.trim());
  const text = picked.join(" | ");
  return text.length > REASON_MAX_CHARS ? `…${text.slice(text.length - REASON_MAX_CHARS + 1)}` : text;
}

/** A server message over the cap as MESSAGE_TOO_LARGE, naming the setting. */
export function tooLargeError(maxMessageBytes: number): CodeagentError {
  return new CodeagentError(
    "MESSAGE_TOO_LARGE",
    `server sent a message larger than ${formatBytes(maxMessageBytes)} (maxMessageBytes); raise maxMessageBytes in the server config`,
  );
}
