// Whether one rule covers one call: by tool name, by a command's words, by a path, by a host. Pure.
import { matchesPattern, type MatchMode, type ToolIdentity } from "./patterns.js";
import { pathMatches, type PathBase } from "./path-glob.js";
import type { CommandSpec, Rule } from "./rule.js";
import { splitCommand, type SimpleCommand } from "./shell-split.js";

/** What a call touches, beyond its tool's name: the tools say (ToolEntry.subject). */
export type PermissionSubject =
  | { kind: "command"; command: string }
  /** Absolute real paths a file tool reads or writes. */
  | { kind: "read"; paths: string[] }
  | { kind: "edit"; paths: string[] }
  | { kind: "fetch"; url: string };

/** A rule that names the tool with no specifier (`Bash`, `mcp__srv__*`, `read_file`) covers every call of it. */
export function coversTool(rule: Rule, id: ToolIdentity, mode: MatchMode): boolean {
  if (rule.kind === "name") return matchesPattern(rule.pattern, id, mode);
  if (rule.kind === "tools") return rule.tools.includes(id.tool);
  if (rule.kind === "command") return id.tool === "bash" && rule.spec.kind === "any";
  return false;
}

/** Every path is covered by the path rule (for allow), or some path is (for deny and ask). */
export function coversPaths(
  rule: Rule,
  tool: string,
  subject: PermissionSubject | undefined,
  base: PathBase,
  every: boolean,
): boolean {
  if (rule.kind !== "path" || !rule.tools.includes(tool)) return false;
  if (subject === undefined || (subject.kind !== "read" && subject.kind !== "edit")) return false;
  if (subject.paths.length === 0) return false;
  const hit = (p: string) => pathMatches(rule.pattern, p, base);
  return every ? subject.paths.every(hit) : subject.paths.some(hit);
}

/** A path a redirection writes (`edit`) or reads (`read`) against Edit/Read rules. */
export function coversAccess(rule: Rule, access: "read" | "edit", path: string, base: PathBase): boolean {
  return rule.kind === "path" && rule.access === access && pathMatches(rule.pattern, path, base);
}

export function coversHost(rule: Rule, tool: string, subject: PermissionSubject | undefined): boolean {
  if (rule.kind !== "domain" || tool !== "web_fetch" || subject?.kind !== "fetch") return false;
  let host: string;
  try {
    host = new URL(subject.url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (!rule.host.startsWith("*.")) return host === rule.host;
  const parent = rule.host.slice(2);
  return host === parent || host.endsWith(`.${parent}`);
}

/** Does a `Bash(…)` rule cover this one simple command? Words are compared whole, literal words only. */
export function coversCommand(rule: Rule, cmd: SimpleCommand): boolean {
  if (rule.kind === "tools") return rule.tools.includes("bash");
  if (rule.kind === "name") return matchesPattern(rule.pattern, { tool: "bash" }, "narrow");
  if (rule.kind !== "command") return false;
  return specCovers(rule.spec, cmd.words);
}

function specCovers(spec: CommandSpec, words: readonly (string | null)[]): boolean {
  if (spec.kind === "any") return true;
  const want = specWords(spec.words);
  if (want === undefined) return false;
  if (spec.kind === "exact" ? words.length !== want.length : words.length < want.length) return false;
  return want.every((w, i) => words[i] === w) && (spec.kind === "prefix" || words.every((w) => w !== null));
}

/** A rule's words: split on spaces, or read as a command when quoted (`Bash(git commit -m "wip")`). */
export function specWords(text: string): string[] | undefined {
  if (!/["'\\$`]/.test(text)) return text.split(/\s+/).filter((w) => w !== "");
  const r = splitCommand(text);
  if (!r.ok || r.split.commands.length !== 1) return undefined;
  const words = r.split.commands[0]!.words;
  return words.every((w): w is string => w !== null) ? words : undefined;
}
