// The permission rules of one run (§19): settings (user, `--settings` files, the project's narrowing ones) plus
// `--allow`/`--deny` and Claude Code's `--allowedTools`/`--disallowedTools`. A flag's rule that does not parse
// is a usage error naming the flag; a project's held-back allow rules are a warning saying how to trust them.
import { CodeagentError } from "../errors.js";
import type { PermissionRules } from "../permissions/evaluate.js";
import { parseRule } from "../permissions/rule.js";
import type { Settings } from "../settings.js";

export interface PermissionFlags {
  allow?: string[];
  deny?: string[];
  allowedTools?: string[];
  disallowedTools?: string[];
}

export function runRules(settings: Settings, f: PermissionFlags): PermissionRules {
  return {
    allow: [
      ...settings.permissions.allow,
      ...flagRules("--allow", f.allow),
      ...flagRules("--allowedTools", f.allowedTools),
    ],
    ask: settings.permissions.ask ?? [],
    deny: [
      ...settings.permissions.deny,
      ...flagRules("--deny", f.deny),
      ...flagRules("--disallowedTools", f.disallowedTools),
    ],
  };
}

/** Each value may hold several rules split by commas (`"Bash(git log:*),Edit"`), as Claude Code's flags take. */
function flagRules(flag: string, values: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const value of values ?? []) {
    for (const rule of splitTopLevel(value)) {
      const parsed = parseRule(rule);
      if (!parsed.ok) throw new CodeagentError("USAGE", `${flag}: ${parsed.message}`);
      out.push(rule);
    }
  }
  return out;
}

/** Splits on commas (and spaces) outside parentheses: `Bash(git diff),Edit` → two rules. */
function splitTopLevel(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of value) {
    if (c === "(") depth++;
    if (c === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === "," || c === " ")) {
      if (current.trim() !== "") parts.push(current.trim());
      current = "";
    } else current += c;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

/** Says what a project's settings would allow once trusted, and how to trust them. */
export function projectRulesNotice(settings: Settings): string | undefined {
  const p = settings.projectAllow;
  if (p === undefined || p.trusted) return undefined;
  return (
    `${p.file} allows ${p.rules.map((r) => `"${r}"`).join(", ")}; a project's own settings allow nothing ` +
    "until you trust them: review them, then run codeagent mcp approve --project-rules"
  );
}
