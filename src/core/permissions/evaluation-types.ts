// What a permission decision takes and gives (§8.1, §19): the request, the rules, the mode and the verdict.
// Kept apart from evaluate.ts so that the command judge (evaluate-command.ts) and the decision share them
// without importing each other.
import type { PathBase } from "./path-glob.js";
import type { Rule } from "./rule.js";
import type { PermissionSubject } from "./rule-match.js";

export type Decision = "allow" | "deny" | "ask";

/** `plan`: only read-only tools run until the user approves a plan (exit_plan_mode). */
export type PermissionMode = "default" | "plan";
export const PERMISSION_MODES: readonly PermissionMode[] = ["default", "plan"];

export const PLAN_MODE_REFUSAL =
  "plan mode is on: only read-only tools run until the user approves a plan. Finish exploring, then call " +
  "exit_plan_mode with the plan";

export interface PermissionRequest {
  /** Registered name, e.g. `mcp__srv__tool` or `read_file`. */
  tool: string;
  /** The MCP server (config key) the tool comes from; absent for built-in tools. */
  server?: string;
  /** The server's scope: "always" answers are kept per server identity, so a project's `github` is not the user's. */
  serverScope?: string;
  /** Built-in read-only tool, or an MCP tool annotated `readOnlyHint: true`. */
  readOnly: boolean;
  /** The server's `trust` setting: `false` never takes the read-only shortcut, `true` allows every tool. */
  trust?: boolean;
  /** A built-in file tool reaching this real path, outside the project and --add-dir directories (§8.4). */
  outside?: string;
  /** What the call touches: the command line, the paths, the URL (for the rules that name them). */
  subject?: PermissionSubject;
  /** The call runs inside the OS sandbox (§18.4): "ask" becomes "allow"; deny and ask rules still apply. */
  sandboxed?: boolean;
}

export interface PermissionRules {
  allow: string[];
  /** Always ask, even when an allow rule, trust or the sandbox would let the call run. */
  ask?: string[];
  deny: string[];
}

export interface Evaluation {
  decision: Decision;
  reason: string;
  /** Refused because plan mode is on (not for want of permission: headless runs do not exit 3 for it). */
  planMode?: true;
}

/** Where relative rule paths and redirections are anchored. */
export interface EvaluationContext extends Partial<PathBase> {
  /** The `--add-dir` directories: a redirection may write there too. */
  addDirs?: readonly string[];
}

export interface ParsedRules {
  allow: Rule[];
  ask: Rule[];
  deny: Rule[];
}
