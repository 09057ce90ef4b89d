// What one hook's run means, by Claude Code's rules, and what several hooks of one event mean together.
// Exit 0: JSON on stdout decides (decision, hookSpecificOutput.permissionDecision, additionalContext,
// continue/stopReason, systemMessage); plain stdout is context for UserPromptSubmit and SessionStart, and
// unread elsewhere. Exit 2: a block, stderr its reason (to the model for tool calls and Stop, refusing the prompt for
// UserPromptSubmit). Any other end: a note for the user, never a block. Pure.
import { stripControl } from "../text/strip.js";
import type { HookEvent, HookSpec } from "./config.js";

export interface HookRun {
  /** Exit code; null when the process was killed or never started. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why it could not be started. */
  startError?: string;
}

export type PermissionDecision = "allow" | "deny" | "ask";

export interface HookOutcome {
  /** Blocks what the event is about (the call, the prompt, stopping); the reason goes to the model or user. */
  block?: string;
  /** PreToolUse's verdict on the call; deny rules still win over an allow. */
  permission?: { decision: PermissionDecision; reason: string };
  /** Added to what the model reads (the prompt, the tool result, the session start). */
  context?: string[];
  /** `continue: false`: the turn stops after this, with this reason for the user. */
  stop?: string;
  /** Shown to the user: failures, `systemMessage`. */
  notices?: string[];
}

/** Events that exit 2 can block; for the others stderr is only shown to the user. */
const BLOCKING: ReadonlySet<HookEvent> = new Set([
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
]);
/** Events whose plain stdout joins the model's context. */
const STDOUT_IS_CONTEXT: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "SessionStart"]);

const MAX_TEXT = 10_000;

function clean(s: string): string {
  const t = stripControl(s).trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT)}… [cut]` : t;
}

export function hookOutcome(event: HookEvent, hook: Pick<HookSpec, "command">, run: HookRun): HookOutcome {
  const name = `${event} hook \`${oneLine(hook.command)}\``;
  if (run.startError !== undefined) return { notices: [`${name} could not start: ${run.startError}`] };
  if (run.timedOut) return { notices: [`${name} timed out and was stopped; raise its "timeout" (seconds)`] };
  const stderr = clean(run.stderr);
  if (run.code === 2) {
    const reason = stderr !== "" ? stderr : `blocked by ${name} (exit 2)`;
    if (!BLOCKING.has(event)) return { notices: [`${name}: ${reason}`] };
    if (event === "PreToolUse") return { block: reason, permission: { decision: "deny", reason } };
    return { block: reason };
  }
  if (run.code !== 0) {
    const why = run.code === null ? "was killed" : `exited with ${run.code}`;
    return { notices: [`${name} ${why}${stderr !== "" ? `: ${stderr}` : ""}`] };
  }
  const stdout = clean(run.stdout);
  if (stdout.startsWith("{")) {
    const json = parseObject(stdout);
    if (json !== undefined) return fromJson(event, json);
  }
  if (stdout === "") return {};
  // Elsewhere plain stdout is only a log line in Claude Code's transcript mode; the model never reads it.
  return STDOUT_IS_CONTEXT.has(event) ? { context: [stdout] } : {};
}

function fromJson(event: HookEvent, j: Record<string, unknown>): HookOutcome {
  const out: HookOutcome = {};
  const str = (v: unknown) => (typeof v === "string" ? clean(v) : undefined);
  const specific =
    j.hookSpecificOutput !== null && typeof j.hookSpecificOutput === "object"
      ? (j.hookSpecificOutput as Record<string, unknown>)
      : {};
  const reason = str(j.reason);
  if (j.decision === "block" && BLOCKING.has(event)) {
    out.block = reason ?? `blocked by a ${event} hook`;
    if (event === "PreToolUse") out.permission = { decision: "deny", reason: out.block };
  }
  if (j.decision === "approve" && event === "PreToolUse")
    out.permission = { decision: "allow", reason: reason ?? "approved by a PreToolUse hook" };
  const pd = specific.permissionDecision;
  if (event === "PreToolUse" && (pd === "allow" || pd === "deny" || pd === "ask")) {
    const why = str(specific.permissionDecisionReason) ?? reason ?? `${pd} by a PreToolUse hook`;
    out.permission = { decision: pd, reason: why };
    if (pd === "deny") out.block = why;
  }
  const context = str(specific.additionalContext);
  if (context !== undefined && context !== "") out.context = [context];
  if (j.continue === false) out.stop = str(j.stopReason) ?? `stopped by a ${event} hook`;
  const message = str(j.systemMessage);
  if (message !== undefined && message !== "") out.notices = [message];
  return out;
}

const RANK: Record<PermissionDecision, number> = { deny: 3, ask: 2, allow: 1 };

/** Several hooks of one event: any block blocks (reasons joined); deny beats ask beats allow; the rest add up. */
export function mergeOutcomes(outcomes: readonly HookOutcome[]): HookOutcome {
  const out: HookOutcome = {};
  const blocks = outcomes.flatMap((o) => (o.block !== undefined ? [o.block] : []));
  if (blocks.length > 0) out.block = blocks.join("\n");
  for (const o of outcomes) {
    const p = o.permission;
    if (p !== undefined && (out.permission === undefined || RANK[p.decision] > RANK[out.permission.decision]))
      out.permission = p;
    if (o.stop !== undefined && out.stop === undefined) out.stop = o.stop;
    for (const key of ["context", "notices"] as const) {
      const list = o[key];
      if (list !== undefined && list.length > 0) out[key] = [...(out[key] ?? []), ...list];
    }
  }
  return out;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function oneLine(command: string): string {
  const s = stripControl(command).replace(/\s+/g, " ").trim();
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
