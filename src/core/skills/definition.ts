// From a file's frontmatter and body to a skill or command definition, or the reason it is invalid. Pure, so
// the rules (name, description, allowed-tools, argument-hint) have table tests.
import { stripControl, stripControlLine } from "../text/strip.js";
import type { SkillKind } from "./types.js";

/** Agent Skills' rule for skill names: lowercase letters, digits and single hyphens, at most 64. */
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A command's name per path segment (file names as users write them); `:` joins subfolders. */
const COMMAND_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
export const MAX_NAME = 64;
export const MAX_DESCRIPTION = 1024;

export interface DefinitionFields {
  name: string;
  description: string;
  argumentHint?: string;
  allowedTools: string[];
  model?: string;
  modelInvocable: boolean;
}

export type DefinitionResult = { ok: true; fields: DefinitionFields } | { ok: false; reason: string };

/**
 * `fallbackName`: the folder (skills) or the file path without `.md`, subfolders joined with `:` (commands).
 * A skill must name itself and say what it is for; a command may do neither (its first line describes it).
 */
export function readDefinition(
  kind: SkillKind,
  fm: Record<string, unknown>,
  body: string,
  fallbackName: string,
): DefinitionResult {
  const rawName = fm.name;
  if (rawName !== undefined && typeof rawName !== "string") return bad("name must be a string");
  if (kind === "skill" && rawName === undefined) return bad("frontmatter has no name");
  const name = kind === "skill" ? (rawName as string) : fallbackName;
  if (kind === "skill" && (name.length > MAX_NAME || !SKILL_NAME.test(name))) {
    return bad(`name "${stripControlLine(name)}" must be 1-64 lowercase letters, digits and single hyphens`);
  }
  if (kind === "command" && !validCommandName(name)) {
    return bad(`file name "${stripControlLine(name)}" cannot be a command name (letters, digits, _ . -)`);
  }
  const rawDescription = fm.description;
  if (rawDescription !== undefined && typeof rawDescription !== "string") {
    return bad("description must be a string");
  }
  let description = stripControl(rawDescription ?? "").trim();
  if (kind === "skill" && description === "") return bad("frontmatter has no description");
  if (description.length > MAX_DESCRIPTION) return bad(`description is over ${MAX_DESCRIPTION} characters`);
  if (description === "") description = firstLine(body);
  const tools = allowedTools(fm["allowed-tools"]);
  if (!tools.ok) return bad(tools.reason);
  const model = fm.model;
  if (model !== undefined && model !== null && typeof model !== "string")
    return bad("model must be a string");
  const hint = argumentHint(fm["argument-hint"]);
  const disabled = fm["disable-model-invocation"];
  return {
    ok: true,
    fields: {
      name,
      description: stripControlLine(description),
      ...(hint !== undefined && { argumentHint: hint }),
      allowedTools: tools.value,
      ...(typeof model === "string" && model.trim() !== "" && { model: model.trim() }),
      modelInvocable: kind === "skill" && disabled !== true,
    },
  };
}

function bad(reason: string): DefinitionResult {
  return { ok: false, reason };
}

export function validCommandName(name: string): boolean {
  return (
    name.length <= MAX_NAME * 2 &&
    !name.startsWith("mcp__") &&
    name.split(":").every((s) => COMMAND_SEGMENT.test(s))
  );
}

/**
 * `allowed-tools` as Claude Code writes it: a list, or one string of patterns separated by commas or spaces
 * (`Read, Grep, Bash(git add:*)`); separators inside parentheses belong to the pattern.
 */
export function allowedTools(raw: unknown): { ok: true; value: string[] } | { ok: false; reason: string } {
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  const items = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : undefined;
  if (items === undefined || items.some((i) => typeof i !== "string")) {
    return { ok: false, reason: "allowed-tools must be a string or a list of strings" };
  }
  return { ok: true, value: (items as string[]).flatMap(splitPatterns) };
}

function splitPatterns(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of stripControlLine(s)) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || ch === " ")) {
      if (cur !== "") out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur !== "") out.push(cur);
  return out;
}

/** `argument-hint: [message]` is a YAML list to a YAML parser; it is shown as written. */
export function argumentHint(raw: unknown): string | undefined {
  if (typeof raw === "string") return stripControlLine(raw).trim() || undefined;
  if (Array.isArray(raw)) return raw.map((v) => `[${stripControlLine(String(v))}]`).join(" ") || undefined;
  return undefined;
}

function firstLine(body: string): string {
  const line = body
    .split("\n")
    .map((l) => l.replace(/^#+\s*/, "").trim())
    .find((l) => l !== "");
  if (line === undefined) return "";
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
