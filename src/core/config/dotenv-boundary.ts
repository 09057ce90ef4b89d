// The project boundary for the project's `.env` (issue 25 item 6, §3.3's third tier): a cloned repository's
// `.env` feeds its own (project-scope) servers only. The user's servers never read it unless the user trusted
// that exact `.env` (`codeagent mcp approve --project-env`, keyed to a hash of its values, so an edited file
// asks again). A project server's approval covers the values its entry takes from the project's `.env`: a
// changed value asks again. Only hashes are stored, never the values. Pure.
import { dirname } from "node:path";
import { expandServerConfig, type VariableLookup } from "./expand.js";
import type { Scope, ServerDefinition, VariableUse } from "./types.js";

/** The approval name the user trusts a project's `.env` under (no server name can have a space). */
export const PROJECT_ENV_APPROVAL = "project .env";

/** The tiers a server of `scope` may read: the project's `.env` only for project servers, or once trusted. */
export function lookupForScope(scope: Scope, lookup: VariableLookup): VariableLookup {
  if (scope === "project" || lookup.projectDotenvTrusted === true) return lookup;
  const withheld = Object.keys(lookup.projectDotenv);
  if (withheld.length === 0) return lookup;
  return { ...lookup, projectDotenv: {}, withheld };
}

/**
 * What a project server's approval is keyed to: the entry as written and, when it takes values from the
 * project's `.env`, those values (the store keeps only the hash). Without such values it is the entry alone,
 * so approvals given before stay valid.
 */
export function approvalSubjectOf(
  raw: unknown,
  uses: readonly VariableUse[],
  projectDotenv: Readonly<Record<string, string>>,
): unknown {
  const fromDotenv = [
    ...new Set(uses.filter((u) => u.source === "project-dotenv").map((u) => u.name)),
  ].sort();
  if (fromDotenv.length === 0) return raw;
  return {
    entry: raw,
    projectDotenv: Object.fromEntries(fromDotenv.map((n) => [n, projectDotenv[n] ?? ""])),
  };
}

/** The value approvals of this definition are keyed to (set when the config is loaded; else the entry). */
export function approvalSubject(def: Pick<ServerDefinition, "raw" | "approvalSubject">): unknown {
  return def.approvalSubject !== undefined ? def.approvalSubject : def.raw;
}

/** Sets each project server's approval subject from the values its entry would take (nothing is started). */
export function markApprovalSubjects(defs: readonly ServerDefinition[], lookup: VariableLookup): void {
  for (const def of defs) {
    if (def.scope !== "project" || def.config === undefined) continue;
    const r = expandServerConfig(def.config, lookup, { baseDir: def.baseDir ?? dirname(def.source) });
    const subject = approvalSubjectOf(def.raw, r.variables, lookup.projectDotenv);
    if (subject !== def.raw) def.approvalSubject = subject;
  }
}
