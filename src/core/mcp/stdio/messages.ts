// Why a stdio server could not start or stopped, in the user's terms and naming the setting to change.
import { CodeagentError } from "../../errors.js";
import { formatBytes } from "../../text/bytes.js";
import type { LastWords } from "./last-words.js";

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

/** How a stdio server ended on its own. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/**
 * An unexpected exit, as SERVER_EXITED, with the server's last words kept apart so that a caller that knows
 * more (the start-up, which knows the config file) can word it again with its own hint.
 */
export class ServerExitedError extends CodeagentError {
  constructor(
    readonly exit: ExitInfo,
    readonly words: LastWords | undefined,
    server?: string,
  ) {
    super("SERVER_EXITED", exitMessage(exit, words, { server }));
  }
}

/**
 * `exited with code 1: Error: TWILIO_AUTH_TOKEN is invalid (last stderr line; more: codeagent mcp logs twilio;
 * check …)`: how it ended, why in its own words and where they came from, where to read the rest, what to change.
 */
export function exitMessage(
  exit: ExitInfo,
  words: LastWords | undefined,
  hints: { server?: string | undefined; check?: string | undefined } = {},
): string {
  const how = exit.signal !== null ? `was killed by signal ${exit.signal}` : `exited with code ${exit.code}`;
  const notes: string[] = [];
  if (words !== undefined) notes.push(words.label);
  // Only worth reading when the server said something: otherwise the log holds just "spawned" and "exited".
  if (words !== undefined && hints.server !== undefined)
    notes.push(`more: codeagent mcp logs ${hints.server}`);
  if (hints.check !== undefined) notes.push(`check ${hints.check}`);
  const why = words === undefined ? "" : `: ${words.text}`;
  return `${how}${why}${notes.length === 0 ? "" : ` (${notes.join("; ")})`}`;
}

/** A server message over the cap as MESSAGE_TOO_LARGE, naming the setting. */
export function tooLargeError(maxMessageBytes: number): CodeagentError {
  return new CodeagentError(
    "MESSAGE_TOO_LARGE",
    `server sent a message larger than ${formatBytes(maxMessageBytes)} (maxMessageBytes); raise maxMessageBytes in the server config`,
  );
}
