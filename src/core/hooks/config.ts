// The `hooks` block of settings.json in Claude Code's shape (§23), so a team's block copied from
// `.claude/settings.json` works unchanged: event → [{ matcher, hooks: [{ type: "command", command, timeout }] }].
// Pure: a parsed settings object in, the hooks and the problems (file and key named) out.

export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "Notification",
  "PreCompact",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Seconds a hook may run before its process tree is killed, as Claude Code's default. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

export type HookSource = "user" | "project";

export interface HookSpec {
  event: HookEvent;
  /** The matcher as written; "" matches everything. */
  matcher: string;
  command: string;
  timeoutS: number;
  source: HookSource;
  file: string;
}

/** Reads `settings.hooks`; a wrong entry is left out with a problem naming its key, the others still load. */
export function parseHooks(
  settings: Record<string, unknown>,
  source: HookSource,
  file: string,
): { hooks: HookSpec[]; problems: string[] } {
  const hooks: HookSpec[] = [];
  const problems: string[] = [];
  const block = settings.hooks;
  if (block === undefined) return { hooks, problems };
  if (!isObject(block)) return { hooks, problems: [`${file}: "hooks" must be an object of event names`] };
  for (const [event, groups] of Object.entries(block)) {
    const at = `${file}: hooks.${event}`;
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      problems.push(`${at}: unknown event; expected one of ${HOOK_EVENTS.join(", ")}; ignored`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problems.push(`${at} must be a list of { "matcher", "hooks" } groups; ignored`);
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const where = `${at}[${g}]`;
      if (!isObject(group) || !Array.isArray(group.hooks)) {
        problems.push(`${where} must be { "matcher": "…", "hooks": [ … ] }; ignored`);
        return;
      }
      const matcher = group.matcher ?? "";
      if (typeof matcher !== "string") {
        problems.push(`${where}.matcher must be a string (a tool name or a regex); ignored`);
        return;
      }
      const bad = matcherProblem(matcher);
      if (bad !== undefined) {
        problems.push(`${where}.matcher: ${bad}; ignored`);
        return;
      }
      group.hooks.forEach((h: unknown, i) => {
        const spec = parseHook(h, `${where}.hooks[${i}]`, problems);
        if (spec !== undefined) hooks.push({ event: event as HookEvent, matcher, ...spec, source, file });
      });
    });
  }
  return { hooks, problems };
}

function parseHook(
  h: unknown,
  where: string,
  problems: string[],
): { command: string; timeoutS: number } | undefined {
  if (!isObject(h)) {
    problems.push(`${where} must be { "type": "command", "command": "…" }; ignored`);
    return undefined;
  }
  if (h.type !== "command") {
    problems.push(
      `${where}.type: only "command" hooks are supported, got ${JSON.stringify(h.type)}; ignored`,
    );
    return undefined;
  }
  if (typeof h.command !== "string" || h.command.trim() === "") {
    problems.push(`${where}.command must be a non-empty shell command; ignored`);
    return undefined;
  }
  const t = h.timeout ?? DEFAULT_HOOK_TIMEOUT_S;
  if (typeof t !== "number" || !Number.isFinite(t) || t <= 0) {
    problems.push(`${where}.timeout must be a number of seconds above 0; ignored`);
    return undefined;
  }
  return { command: h.command, timeoutS: t };
}

/** Why a matcher cannot be used, or undefined. Plain names need no check; anything else must be a regex. */
export function matcherProblem(matcher: string): string | undefined {
  if (isPlainMatcher(matcher)) return undefined;
  try {
    new RegExp(matcher, "u");
    return undefined;
  } catch (e) {
    return `not a valid regular expression (${(e as Error).message})`;
  }
}

/** `Bash`, `Edit|Write`, `*`, "": compared as names; anything else is a regex. */
export function isPlainMatcher(matcher: string): boolean {
  return matcher === "" || matcher === "*" || /^[A-Za-z0-9_|-]+$/.test(matcher);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
