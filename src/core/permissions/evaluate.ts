// The tool permission decision (§8.1), pure: deny rules, then allow rules, then trust, then read-only.
import { firstMatch } from "./patterns.js";

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
  /** Built-in read-only tool, or an MCP tool annotated `readOnlyHint: true`. */
  readOnly: boolean;
  /** The server's `trust` setting: `false` never takes the read-only shortcut, `true` allows every tool. */
  trust?: boolean;
  /** A built-in file tool reaching this real path, outside the project and --add-dir directories (§8.4). */
  outside?: string;
  /** The call will run inside the OS sandbox (§18.4): the sandbox is the guard, so it needs no prompt. */
  sandboxed?: boolean;
}

export interface PermissionRules {
  allow: string[];
  deny: string[];
}

export interface Evaluation {
  decision: Decision;
  reason: string;
}

export function evaluate(
  req: PermissionRequest,
  rules: PermissionRules,
  mode: PermissionMode = "default",
): Evaluation {
  const id = { tool: req.tool, server: req.server };
  const denied = firstMatch(rules.deny, id, "broad");
  if (denied !== undefined) return { decision: "deny", reason: `denied by rule "${denied}"` };
  // Plan mode comes before allow rules and trust: "always allow bash" must not run bash while planning.
  if (mode === "plan" && !req.readOnly) return { decision: "deny", reason: PLAN_MODE_REFUSAL };
  // Outside the project every call asks, reads too: an allow rule for the tool was given for project files.
  if (req.outside !== undefined)
    return {
      decision: "ask",
      reason: `${req.tool} would reach ${req.outside}, outside the project directory (allow a directory with --add-dir DIR)`,
    };
  const allowed = firstMatch(rules.allow, id, "narrow");
  if (allowed !== undefined) return { decision: "allow", reason: `allowed by rule "${allowed}"` };
  if (req.sandboxed === true) return { decision: "allow", reason: "runs inside the sandbox" };
  if (req.trust === true) {
    return { decision: "allow", reason: `server "${req.server ?? "?"}" is trusted (trust: true)` };
  }
  if (req.readOnly && req.trust !== false) return { decision: "allow", reason: "read-only tool" };
  if (req.readOnly) {
    return {
      decision: "ask",
      reason: `server "${req.server ?? "?"}" has trust: false, so its read-only hint is not relied on`,
    };
  }
  return { decision: "ask", reason: `"${req.tool}" may have side effects and needs approval` };
}
