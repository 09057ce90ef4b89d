// Which hooks an event runs, and how a call is shown to them: Claude Code's tool names for the built-ins
// (the mapping of the permission rules, §19), so a matcher `Edit|Write` and a script reading
// `.tool_input.file_path` work as they did there. Pure.
import { isAbsolute, resolve } from "node:path";
import { CLAUDE_TOOLS } from "../permissions/rule.js";
import { isPlainMatcher, type HookEvent, type HookSpec } from "./config.js";

/** codeagent's built-in → Claude Code's name; `Read` and `Edit` name one tool each there. */
const CLAUDE_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(CLAUDE_TOOLS).flatMap(([claude, ours]) =>
    ours.length === 1 ? [[ours[0]!, claude] as const] : [],
  ),
  ["read_file", "Read"],
  ["edit_file", "Edit"],
]);

/** The name a hook sees in `tool_name`: Claude Code's for a built-in, the registered name otherwise. */
export function hookToolName(tool: string): string {
  return CLAUDE_NAME.get(tool) ?? tool;
}

/** Does the matcher cover any of the names? "" and `*` cover all; `A|B` compares whole names; else a regex. */
export function matcherCovers(matcher: string, names: readonly string[]): boolean {
  if (matcher === "" || matcher === "*") return true;
  if (isPlainMatcher(matcher)) {
    const wanted = matcher.split("|");
    return names.some((n) => wanted.includes(n));
  }
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${matcher})$`, "u");
  } catch {
    return false;
  }
  return names.some((n) => re.test(n));
}

/** Events whose matcher is tested: tools by name, compaction by trigger, session start by source. */
const MATCHED: ReadonlySet<HookEvent> = new Set(["PreToolUse", "PostToolUse", "PreCompact", "SessionStart"]);

/** The hooks of `event` whose matcher covers `subject` (a tool: both its names; else the trigger/source). */
export function hooksFor(
  hooks: readonly HookSpec[],
  event: HookEvent,
  subject: readonly string[] = [],
): HookSpec[] {
  return hooks.filter((h) => h.event === event && (!MATCHED.has(event) || matcherCovers(h.matcher, subject)));
}

/** The names a tool matcher is tested against: Claude Code's (`Edit`) and codeagent's (`edit_file`). */
export function toolNames(tool: string): string[] {
  const claude = hookToolName(tool);
  return claude === tool ? [tool] : [claude, tool];
}

/** Built-ins whose `path` Claude Code calls `file_path` (absolute there); `notebook_path` for notebooks. */
const FILE_PATH_TOOLS = new Set(["read_file", "write_file", "edit_file", "multi_edit"]);

/**
 * The call's arguments as the hook sees them: as given, plus Claude Code's name for the file (`file_path`,
 * absolute) so copied scripts find it.
 */
export function hookToolInput(tool: string, args: unknown, cwd: string): unknown {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return args;
  const a = args as Record<string, unknown>;
  const path = a.path;
  if (typeof path !== "string") return a;
  const abs = isAbsolute(path) ? path : resolve(cwd, path);
  if (FILE_PATH_TOOLS.has(tool)) return { ...a, file_path: abs };
  if (tool === "notebook_edit") return { ...a, notebook_path: abs };
  return a;
}
