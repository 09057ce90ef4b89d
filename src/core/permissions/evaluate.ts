// The tool permission decision (§8.1, §19), pure: deny rules, then plan mode, then ask rules, then allow
// rules, then trust and read-only hints; deny beats ask beats allow. Commands are judged part by part
// (evaluate-command.ts); a call the sandbox contains (`sandboxed`) needs no prompt, but deny and ask rules
// still apply to it.
import { evaluateCommand } from "./evaluate-command.js";
import type { PathBase } from "./path-glob.js";
import { parseRule, type Rule } from "./rule.js";
import { coversHost, coversPaths, coversTool } from "./rule-match.js";

export * from "./evaluation-types.js";
import {
  PLAN_MODE_REFUSAL,
  type Evaluation,
  type EvaluationContext,
  type ParsedRules,
  type PermissionMode,
  type PermissionRequest,
  type PermissionRules,
} from "./evaluation-types.js";
export type { PermissionSubject } from "./rule-match.js";

/** The rules that parse (settings loading reports the others with their file and key). */
export function parseRules(rules: PermissionRules): ParsedRules {
  const parse = (list: readonly string[]) =>
    list.flatMap((t) => {
      const r = parseRule(t);
      return r.ok ? [r.rule] : [];
    });
  return { allow: parse(rules.allow), ask: parse(rules.ask ?? []), deny: parse(rules.deny) };
}

export function evaluate(
  req: PermissionRequest,
  rules: PermissionRules,
  mode: PermissionMode = "default",
  ctx: EvaluationContext = {},
): Evaluation {
  const parsed = parseRules(rules);
  const base: PathBase = { projectDir: ctx.projectDir ?? process.cwd(), home: ctx.home ?? "/nonexistent" };
  if (req.subject?.kind === "command") {
    return evaluateCommand(req.subject.command, parsed, mode, { ...ctx, ...base }, req.sandboxed === true);
  }
  const id = { tool: req.tool, server: req.server };
  const covers = (r: Rule, mm: "narrow" | "broad", every: boolean) =>
    coversTool(r, id, mm) ||
    coversPaths(r, req.tool, req.subject, base, every) ||
    coversHost(r, req.tool, req.subject);
  const denied = parsed.deny.find((r) => covers(r, "broad", false));
  if (denied !== undefined) return { decision: "deny", reason: `denied by rule "${denied.text}"` };
  // Plan mode comes before allow rules and trust: "always allow bash" must not run bash while planning.
  if (mode === "plan" && !req.readOnly)
    return { decision: "deny", reason: PLAN_MODE_REFUSAL, planMode: true };
  const asked = parsed.ask.find((r) => covers(r, "broad", false));
  if (asked !== undefined) return { decision: "ask", reason: `rule "${asked.text}" says to ask` };
  // Outside the project every call asks, reads too: a rule for the tool was given for project files. Only a
  // rule naming the paths themselves (`Read(~/notes/**)`) lets it through.
  if (req.outside !== undefined) {
    const named = parsed.allow.find((r) => coversPaths(r, req.tool, req.subject, base, true));
    if (named !== undefined) return { decision: "allow", reason: `allowed by rule "${named.text}"` };
    return {
      decision: "ask",
      reason: `${req.tool} would reach ${req.outside}, outside the project directory (allow a directory with --add-dir DIR)`,
    };
  }
  const allowed = parsed.allow.find((r) => covers(r, "narrow", true));
  if (allowed !== undefined) return { decision: "allow", reason: `allowed by rule "${allowed.text}"` };
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
