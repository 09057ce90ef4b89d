// The agent's own flags (`--model`, `--allow`, `--max-steps`, `--permission-mode`, …), as the composition takes
// them; a value that does not parse is a usage error naming the flag.
import { CodeagentError } from "../errors.js";
import { PERMISSION_MODES, type PermissionMode } from "../permissions/evaluate.js";

export interface AgentFlags {
  /** `--yes`: "ask" decisions are allowed without asking. */
  yes?: boolean;
  /** `--no-sandbox`: false runs bash commands outside the OS sandbox for this run (§18.4). */
  sandbox?: boolean;
  /** `--model provider:model`. */
  model?: string;
  /** `--base-url URL`. */
  baseUrl?: string;
  /** `--allow PATTERN` (repeatable). */
  allow?: string[];
  /** `--deny PATTERN` (repeatable). */
  deny?: string[];
  /** Claude Code's spellings of --allow / --deny (repeatable, comma-separated rules). */
  allowedTools?: string[];
  disallowedTools?: string[];
  /** `--settings FILE` (repeatable): more settings of the user's for this run. */
  settings?: string[];
  /** `--max-steps N`. */
  maxSteps?: string | number;
  /** `--permission-mode default|plan`. */
  permissionMode?: string;
  /** `--tool-mode direct|search|code` (§20.2). */
  toolMode?: string;
}

export function parsePermissionMode(raw: string | undefined): PermissionMode {
  if (raw === undefined) return "default";
  if ((PERMISSION_MODES as readonly string[]).includes(raw)) return raw as PermissionMode;
  throw new CodeagentError(
    "USAGE",
    `--permission-mode must be one of ${PERMISSION_MODES.join(", ")}, got "${raw}"`,
  );
}

export function parseMaxSteps(raw: string | number | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new CodeagentError(
      "USAGE",
      `--max-steps must be a whole number of at least 1, got "${String(raw)}"`,
    );
  }
  return n;
}
