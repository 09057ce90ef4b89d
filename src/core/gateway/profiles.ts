// Gateway profiles (§22): named subsets of servers and tools a caller may see, read from the user's
// settings.json (`"gateway": {"profiles": {NAME: {"servers": [...], "tools": [globs]}}}`). Only the user's
// file counts: a cloned project must not widen what a gateway serves. The decisions are pure.
import { readFileSync } from "node:fs";
import { CodeagentError } from "../errors.js";
import { globMatch, matchesPattern } from "../permissions/patterns.js";
import { paths, type Env } from "../paths.js";

export interface Profile {
  name: string;
  /** Server names (globs allowed); absent: every server. */
  servers?: string[];
  /** Registered tool names (`mcp__github__get_*`, globs allowed); absent: every tool of a visible server. */
  tools?: string[];
}

/** The profile of a caller that names none (stdio without `--profile`, `--no-auth`): everything. */
export const ALL_PROFILE: Profile = { name: "all" };

export type Profiles = ReadonlyMap<string, Profile>;

/** Whether the profile lets a caller see (list, call, read) anything of `server`. */
export function serverVisible(p: Profile, server: string): boolean {
  return p.servers === undefined || p.servers.some((s) => globMatch(s, server));
}

/** Whether the profile lets a caller see the tool registered as `registered` of `server`. */
export function toolVisible(p: Profile, server: string, registered: string): boolean {
  if (!serverVisible(p, server)) return false;
  return (
    p.tools === undefined || p.tools.some((t) => matchesPattern(t, { tool: registered, server }, "narrow"))
  );
}

/** Parses the `gateway` value of a settings file; every mistake names the key to change. */
export function parseProfiles(value: unknown, file: string): Map<string, Profile> {
  const out = new Map<string, Profile>([[ALL_PROFILE.name, ALL_PROFILE]]);
  if (value === undefined) return out;
  const bad = (key: string, want: string) =>
    new CodeagentError("CONFIG_INVALID", `${file}: "${key}" must be ${want}`);
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw bad("gateway", 'an object like {"profiles": {…}}');
  const profiles = (value as Record<string, unknown>).profiles;
  if (profiles === undefined) return out;
  if (profiles === null || typeof profiles !== "object" || Array.isArray(profiles))
    throw bad("gateway.profiles", 'an object of NAME: {"servers": [...], "tools": [...]}');
  for (const [name, raw] of Object.entries(profiles)) {
    const key = `gateway.profiles.${name}`;
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw bad(key, "named with letters, digits, _ . - only");
    if (raw === null || typeof raw !== "object" || Array.isArray(raw))
      throw bad(key, 'an object like {"servers": ["github"], "tools": ["mcp__github__get_*"]}');
    const r = raw as Record<string, unknown>;
    const extra = Object.keys(r).filter((k) => k !== "servers" && k !== "tools");
    if (extra.length > 0) throw bad(key, `{"servers", "tools"} only (unknown: ${extra.join(", ")})`);
    const list = (k: "servers" | "tools") => {
      const v = r[k];
      if (v === undefined) return undefined;
      if (!Array.isArray(v) || !v.every((x) => typeof x === "string" && x !== ""))
        throw bad(`${key}.${k}`, "a list of non-empty strings");
      return v as string[];
    };
    const servers = list("servers");
    const tools = list("tools");
    out.set(name, { name, ...(servers !== undefined && { servers }), ...(tools !== undefined && { tools }) });
  }
  return out;
}

/** The profiles of the user's settings.json; a missing file has only the built-in `all`. */
export function loadProfiles(env: Env): Map<string, Profile> {
  const file = paths.settings(env);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return parseProfiles(undefined, file);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CodeagentError("CONFIG_PARSE", `${file}: not valid JSON (${(e as Error).message})`);
  }
  const gateway =
    json !== null && typeof json === "object" ? (json as Record<string, unknown>).gateway : undefined;
  return parseProfiles(gateway, file);
}

/** The named profile, or an error listing the ones there are. */
export function profileNamed(profiles: Profiles, name: string, where: string): Profile {
  const p = profiles.get(name);
  if (p !== undefined) return p;
  throw new CodeagentError(
    "CONFIG_INVALID",
    `${where}: no gateway profile "${name}" (known: ${[...profiles.keys()].join(", ")}); add it under "gateway.profiles" in settings.json`,
  );
}
