// From an agent file's frontmatter and body to a subagent definition, or the reason it is invalid. Pure, so the
// rules (name, description, tools in Claude Code's names, model) have table tests. `tools` is read as Claude
// Code writes it — `Read, Grep, Glob, Bash`, a YAML list, `mcp__server__tool`, `mcp__server` — and mapped to
// codeagent's tools as the permission rules map them (§19).
import { CLAUDE_TOOLS, parseRule } from "../../permissions/rule.js";
import { allowedTools } from "../../skills/definition.js";
import { stripControl, stripControlLine } from "../../text/strip.js";

export const MAX_AGENT_NAME = 64;
export const MAX_AGENT_DESCRIPTION = 1024;
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** Claude Code's model aliases: Anthropic-only words; here the session's model runs such an agent. */
const CLAUDE_ALIASES = new Set(["sonnet", "opus", "haiku"]);

/** Claude Code tools the permission rules do not name, and what they are here. */
const MORE_CLAUDE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  BashOutput: ["bash_output"],
  KillBash: ["kill_bash"],
  KillShell: ["kill_bash"],
  ExitPlanMode: ["exit_plan_mode"],
  AskUserQuestion: ["ask_user"],
  Skill: ["skill"],
};
/** Tools a subagent never gets: it cannot start subagents, and a script's calls would skip its tool list. */
const NEVER = new Set(["task", "execute_code"]);

export interface SubagentFields {
  name: string;
  description: string;
  tools?: string[];
  model?: string;
  prompt: string;
  problems: string[];
}

export type SubagentResult = { ok: true; fields: SubagentFields } | { ok: false; reason: string };

/** `fallbackName`: the file name without `.md`, used when the frontmatter names no agent. */
export function readSubagent(
  fm: Record<string, unknown>,
  body: string,
  fallbackName: string,
): SubagentResult {
  const rawName = fm.name ?? fallbackName;
  if (typeof rawName !== "string") return bad("name must be a string");
  const name = rawName.trim();
  if (name.length > MAX_AGENT_NAME || !AGENT_NAME.test(name)) {
    return bad(`name "${stripControlLine(name)}" must be 1-64 letters, digits, "_", "." or "-"`);
  }
  const rawDescription = fm.description;
  if (rawDescription !== undefined && typeof rawDescription !== "string") {
    return bad("description must be a string");
  }
  const description = stripControlLine(rawDescription ?? "").trim();
  if (description === "") return bad("frontmatter has no description: the model chooses an agent by it");
  if (description.length > MAX_AGENT_DESCRIPTION) {
    return bad(`description is over ${MAX_AGENT_DESCRIPTION} characters`);
  }
  const prompt = stripControl(body).trim();
  if (prompt === "") return bad("the body (the agent's system prompt) is empty");
  const model = fm.model;
  if (model !== undefined && model !== null && typeof model !== "string") {
    return bad("model must be a string");
  }
  const listed = allowedTools(fm.tools);
  if (!listed.ok) return bad(listed.reason.replace("allowed-tools", "tools"));
  const problems: string[] = [];
  const tools =
    fm.tools === undefined || fm.tools === null ? undefined : toolPatterns(listed.value, problems);
  let chosen = typeof model === "string" ? model.trim() : "";
  if (CLAUDE_ALIASES.has(chosen)) {
    problems.push(
      `model: "${chosen}" is Claude Code's alias; the session's model runs this agent (write provider:model to choose one)`,
    );
    chosen = "";
  }
  return {
    ok: true,
    fields: {
      name,
      description,
      ...(tools !== undefined && { tools }),
      ...(chosen !== "" && chosen !== "inherit" && { model: chosen }),
      prompt,
      problems,
    },
  };
}

/**
 * Patterns over registered names for the listed tools; what cannot be honoured goes to `problems`. `*` alone
 * stands for every tool (undefined).
 */
export function toolPatterns(listed: readonly string[], problems: string[]): string[] | undefined {
  if (listed.includes("*")) return undefined;
  const out = new Set<string>();
  for (const item of listed) {
    const more = MORE_CLAUDE_TOOLS[item];
    if (Object.hasOwn(MORE_CLAUDE_TOOLS, item) && more !== undefined) {
      for (const t of more) out.add(t);
      continue;
    }
    const parsed = parseRule(item);
    if (!parsed.ok) {
      problems.push(`tools: ${parsed.message}; left out`);
      continue;
    }
    const rule = parsed.rule;
    if (rule.kind === "name") {
      if (NEVER.has(rule.pattern) || (/^[A-Z]/.test(rule.pattern) && !rule.pattern.includes("*"))) {
        problems.push(unknownTool(rule.pattern));
        continue;
      }
      out.add(rule.pattern);
      continue;
    }
    const base = item.slice(0, item.includes("(") ? item.indexOf("(") : undefined);
    const names = rule.kind === "tools" ? rule.tools : (CLAUDE_TOOLS[base] ?? []);
    if (rule.kind !== "tools") {
      problems.push(
        `tools: the specifier of ${item} is not applied: ${base}'s calls pass the session's permissions`,
      );
    }
    const kept = names.filter((t) => !NEVER.has(t));
    if (kept.length === 0) problems.push(unknownTool(item));
    for (const t of kept) out.add(t);
  }
  return [...out];
}

function unknownTool(item: string): string {
  if (item === "Task" || item === "task") return "tools: a subagent cannot start subagents; Task is left out";
  if (item === "execute_code") return "tools: execute_code is not given to subagents; left out";
  const known = [...Object.keys(CLAUDE_TOOLS), ...Object.keys(MORE_CLAUDE_TOOLS)]
    .filter((k) => k !== "Task")
    .join(", ");
  return `tools: "${stripControlLine(item)}" is no tool here (Claude Code names: ${known}; or a codeagent name, mcp__server__tool); left out`;
}

function bad(reason: string): SubagentResult {
  return { ok: false, reason };
}
