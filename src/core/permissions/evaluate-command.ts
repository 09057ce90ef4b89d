// The decision for a `bash` call (§19): the line is split into every command it runs (shell-split.ts), and
// each must be allowed. A deny rule for any part denies the whole line; an ask rule for any part asks; a
// part no allow rule covers, a redirection that writes outside the project, or a construct rules cannot
// judge asks — unless the sandbox contains the call. A line the parser cannot read asks, sandbox or not,
// when any command rule is set: its parts could not be checked against them.
import { isAbsolute, join, normalize, resolve } from "node:path";
import type { EvaluationContext, Evaluation, ParsedRules, PermissionMode } from "./evaluation-types.js";
import { PLAN_MODE_REFUSAL } from "./evaluation-types.js";
import type { PathBase } from "./path-glob.js";
import type { Rule } from "./rule.js";
import { coversAccess, coversCommand } from "./rule-match.js";
import { splitCommand } from "./shell-split.js";

/** Files a redirection may always write: they are not files of the user's. */
const HARMLESS_WRITES = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

export function evaluateCommand(
  command: string,
  rules: ParsedRules,
  mode: PermissionMode,
  ctx: EvaluationContext & PathBase,
  sandboxed: boolean,
): Evaluation {
  const whole = (list: Rule[]) => list.find((r) => coversCommand(r, { words: [], text: "" }) && isWhole(r));
  const split = splitCommand(command);
  if (!split.ok) {
    const denied = whole(rules.deny);
    if (denied !== undefined) return { decision: "deny", reason: `denied by rule "${denied.text}"` };
    if (mode === "plan") return { decision: "deny", reason: PLAN_MODE_REFUSAL, planMode: true };
    const guarded = [...rules.deny, ...rules.ask].some((r) => r.kind === "command");
    if (sandboxed && !guarded && whole(rules.ask) === undefined)
      return { decision: "allow", reason: "runs in the sandbox" };
    const allowed = whole(rules.allow);
    if (allowed !== undefined && !guarded)
      return { decision: "allow", reason: `allowed by rule "${allowed.text}"` };
    return { decision: "ask", reason: `${split.reason}, so its parts cannot be checked against the rules` };
  }
  const { commands, writes, reads, unsupported } = split.split;
  const writePaths = writes.map((w) => (w === null ? null : targetPath(w, ctx)));
  const readPaths = reads.map((r) => (r === null ? null : targetPath(r, ctx)));

  for (const cmd of commands) {
    const denied = rules.deny.find((r) => coversCommand(r, cmd));
    if (denied !== undefined)
      return { decision: "deny", reason: `denied by rule "${denied.text}" (${cmd.text})` };
  }
  for (const [list, access, paths] of [
    [rules.deny, "edit", writePaths],
    [rules.deny, "read", readPaths],
  ] as const) {
    for (const p of paths) {
      const denied = p === null ? undefined : list.find((r) => coversAccess(r, access, p, ctx));
      if (denied !== undefined) {
        const what = access === "edit" ? "writes" : "reads";
        return { decision: "deny", reason: `denied by rule "${denied.text}" (the command ${what} ${p})` };
      }
    }
  }
  if (mode === "plan") return { decision: "deny", reason: PLAN_MODE_REFUSAL, planMode: true };
  for (const cmd of commands) {
    const asked = rules.ask.find((r) => coversCommand(r, cmd));
    if (asked !== undefined)
      return { decision: "ask", reason: `rule "${asked.text}" says to ask (${cmd.text})` };
  }
  for (const p of writePaths) {
    const asked = p === null ? undefined : rules.ask.find((r) => coversAccess(r, "edit", p, ctx));
    if (asked !== undefined)
      return { decision: "ask", reason: `rule "${asked.text}" says to ask (writes ${p})` };
  }

  const problems: string[] = [];
  for (const p of writePaths) {
    if (p === null) problems.push("it redirects output to a file named only when it runs");
    else if (!HARMLESS_WRITES.has(p) && !insideProject(p, ctx))
      problems.push(`it writes ${p}, outside the project`);
  }
  problems.push(...unsupported.map((u) => `it uses ${u}, which rules cannot judge`));
  const uncovered = commands.filter((c) => !rules.allow.some((r) => coversCommand(r, c)));
  if (uncovered.length === 0 && problems.length === 0) {
    const by = [...new Set(commands.map((c) => rules.allow.find((r) => coversCommand(r, c))!.text))];
    return {
      decision: "allow",
      reason: commands.length === 0 ? "the command runs nothing" : `allowed by ${ruleList(by)}`,
    };
  }
  if (sandboxed) return { decision: "allow", reason: "runs in the sandbox" };
  if (uncovered.length > 0) {
    const parts = uncovered.map((c) => c.text);
    problems.unshift(
      commands.length === 1
        ? "no rule allows it"
        : `no rule allows ${parts.length === 1 ? "the part" : "the parts"} ${parts.map((p) => `"${p}"`).join(", ")}`,
    );
  }
  return { decision: "ask", reason: `"bash" needs approval: ${problems.join("; ")}` };
}

/** A bare `Bash`, `Bash(*)`, `bash` or `*`: the rule covers every command, even one that cannot be parsed. */
function isWhole(r: Rule): boolean {
  return r.kind === "tools" || r.kind === "name" || (r.kind === "command" && r.spec.kind === "any");
}

function ruleList(texts: string[]): string {
  return texts.length === 1 ? `rule "${texts[0]}"` : `rules ${texts.map((t) => `"${t}"`).join(", ")}`;
}

/** A redirection's target as an absolute path: `~` is the home, relative is the project directory. */
export function targetPath(target: string, base: PathBase): string {
  if (target === "~" || target.startsWith("~/")) return normalize(join(base.home, target.slice(1)));
  return isAbsolute(target) ? normalize(target) : resolve(base.projectDir, target);
}

function insideProject(path: string, ctx: EvaluationContext & PathBase): boolean {
  return [ctx.projectDir, ...(ctx.addDirs ?? [])].some((root) => {
    const r = normalize(root);
    return path === r || path.startsWith(r.endsWith("/") ? r : `${r}/`);
  });
}
