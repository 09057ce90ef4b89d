// User and project settings (settings.json): default model and permission rules. A broken file is
// reported and ignored; it never stops the session.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { paths, type Env } from "./paths.js";
import type { PermissionRules } from "./permissions/evaluate.js";

export interface Settings {
  model?: string;
  /** Tokens the model's context window holds (overrides the built-in table, §10). */
  contextWindow?: number;
  permissions: PermissionRules;
  problems: string[];
}

function readSettingsFile(file: string, problems: string[]): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return {};
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    problems.push(`${file}: settings must be a JSON object; ignored`);
  } catch (e) {
    problems.push(`${file}: not valid JSON (${(e as Error).message}); ignored`);
  }
  return {};
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function windowSetting(s: Record<string, unknown>, file: string, problems: string[]): number | undefined {
  const v = s.contextWindow;
  if (v === undefined) return undefined;
  if (typeof v === "number" && Number.isInteger(v) && v >= 1000) return v;
  problems.push(`${file}: "contextWindow" must be a whole number of tokens (at least 1000); ignored`);
  return undefined;
}

/** User settings, then the project's `.codeagent/settings.json`; permission lists are concatenated. */
export function loadSettings(opts: { cwd: string; env?: Env }): Settings {
  const problems: string[] = [];
  const user = readSettingsFile(paths.settings(opts.env), problems);
  const project = readSettingsFile(join(opts.cwd, ".codeagent", "settings.json"), problems);
  const perm = (s: Record<string, unknown>) => (s.permissions ?? {}) as Record<string, unknown>;
  const model = typeof user.model === "string" ? user.model : undefined;
  // The project may know its model's window better; either file may set it, the project's wins.
  const contextWindow =
    windowSetting(project, join(opts.cwd, ".codeagent", "settings.json"), problems) ??
    windowSetting(user, paths.settings(opts.env), problems);
  return {
    ...(model !== undefined && { model }),
    ...(contextWindow !== undefined && { contextWindow }),
    // A project may deny, but only the user may allow: a cloned repo must not pre-approve its own tools.
    permissions: {
      allow: strings(perm(user).allow),
      deny: [...strings(perm(user).deny), ...strings(perm(project).deny)],
    },
    problems,
  };
}
