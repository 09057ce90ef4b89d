// Where hooks come from: the user's `$CODEAGENT_HOME/settings.json`, any `--settings` files (the user's own),
// and the project's `.codeagent/settings.json`. A project's hooks are code a cloned repository would run, so
// they run only once the user approved that exact block (keyed to its hash, as project servers are, §8.2);
// a changed block asks again. Claude Code's own files are not read: a team copies its `hooks` block over.
import { join } from "node:path";
import { paths, type Env } from "../paths.js";
import { ApprovalStore, definitionHash } from "../permissions/approvals.js";
import { readSettingsFile } from "../settings.js";
import { parseHooks, type HookSpec } from "./config.js";

/** The approval name a project's hooks are trusted under (no server name can have a space). */
export const PROJECT_HOOKS_APPROVAL = "settings.json hooks";

export interface ListedHook extends HookSpec {
  /** False for a project hook the user has not approved (it does not run). */
  approved: boolean;
}

export interface HookConfig {
  /** The hooks that run. */
  active: HookSpec[];
  /** Every hook, with whether it runs, for `/hooks` and `codeagent hooks list`. */
  listed: ListedHook[];
  /** The project's `hooks` block as written, when it has one (what `codeagent hooks approve` approves). */
  project?: { file: string; block: unknown; hash: string; approved: boolean };
  problems: string[];
}

export function projectSettingsFile(cwd: string): string {
  return join(cwd, ".codeagent", "settings.json");
}

export function loadHooks(o: { cwd: string; env?: Env; extraFiles?: readonly string[] }): HookConfig {
  const problems: string[] = [];
  const userFile = paths.settings(o.env);
  const mine = [userFile, ...(o.extraFiles ?? [])].flatMap((file) => {
    const r = parseHooks(readSettingsFile(file, problems), "user", file);
    problems.push(...r.problems);
    return r.hooks;
  });
  const listed: ListedHook[] = mine.map((h) => ({ ...h, approved: true }));
  const file = projectSettingsFile(o.cwd);
  const settings = readSettingsFile(file, problems);
  if (settings.hooks === undefined) return { active: mine, listed, problems };
  const r = parseHooks(settings, "project", file);
  problems.push(...r.problems);
  const approved = new ApprovalStore(paths.approvals(o.env)).isApproved(
    o.cwd,
    PROJECT_HOOKS_APPROVAL,
    settings.hooks,
  );
  listed.push(...r.hooks.map((h) => ({ ...h, approved })));
  if (!approved && r.hooks.length > 0)
    problems.push(
      `${file}: ${r.hooks.length} project hook(s) need approval and do not run; review them (codeagent hooks list), then run codeagent hooks approve`,
    );
  return {
    active: approved ? [...mine, ...r.hooks] : mine,
    listed,
    project: { file, block: settings.hooks, hash: definitionHash(settings.hooks), approved },
    problems,
  };
}
