// Which config files exist for a run, by scope (§3.1). Kept apart from the loader so that a command can
// tell "nothing configured" without loading the validation (zod) at all.
import { existsSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { codeagentHome, paths, type Env } from "../paths.js";
import type { Scope } from "./types.js";

export interface LoadConfigOptions {
  cwd: string;
  env?: Env;
  /** `--mcp-config` files, relative to `cwd` unless absolute; a later file wins. */
  cliConfigFiles?: readonly string[];
  /** `--strict-mcp-config`: only the cli files. */
  strict?: boolean;
  /** How the caller named the cli files, for messages: "--mcp-config" (default) or the library's "configFiles". */
  cliConfigLabel?: string;
}

export interface ConfigFileRef {
  scope: Scope;
  path: string;
  /** Given on the command line, so a missing file is an error rather than "nothing configured". */
  explicit: boolean;
  /** For an explicit file: how it was given ("--mcp-config"). */
  givenWith?: string;
  /** `--mcp-config '{"mcpServers":…}'` (as Claude Code takes it): the JSON itself; `path` is then a label. */
  inline?: string;
}

/** A `--mcp-config` value that is JSON text rather than a file name. */
export function isInlineConfig(value: string): boolean {
  return value.trimStart().startsWith("{");
}

/**
 * The files to read, lowest precedence first. In the project, `.codeagent/mcp.json` (codeagent's own)
 * comes after, and so wins over, `.mcp.json` (shared with other hosts). A file reached twice (e.g.
 * running in the home directory, where the project file is the user file) is read once, in the first scope.
 */
export function configFiles(opts: LoadConfigOptions): ConfigFileRef[] {
  const env = opts.env ?? process.env;
  const refs: ConfigFileRef[] = [];
  if (opts.strict !== true) refs.push(...defaultFiles(opts.cwd, env, true));
  const givenWith = opts.cliConfigLabel ?? "--mcp-config";
  let inlineCount = 0;
  for (const f of opts.cliConfigFiles ?? []) {
    if (isInlineConfig(f)) {
      const label = `${givenWith} (inline JSON${++inlineCount > 1 ? ` #${inlineCount}` : ""})`;
      refs.push({ scope: "cli", path: label, explicit: true, givenWith, inline: f });
    } else refs.push({ scope: "cli", path: f, explicit: true, givenWith });
  }
  const seen = new Set<string>();
  return refs
    .map((r) => (r.inline !== undefined ? r : { ...r, path: resolve(opts.cwd, r.path) }))
    .filter((r) => {
      if (r.inline !== undefined) return true;
      const key = realPath(r.path);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function realPath(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return p;
  }
}

/** The user's, the project's and the local file; `local: false` leaves the local one out. */
function defaultFiles(cwd: string, env: Env, local: boolean): ConfigFileRef[] {
  return [
    { scope: "user", path: paths.userConfig(env), explicit: false },
    { scope: "project", path: join(cwd, ".mcp.json"), explicit: false },
    { scope: "project", path: join(cwd, ".codeagent", "mcp.json"), explicit: false },
    ...(local ? [{ scope: "local" as const, path: paths.localConfig(cwd, env), explicit: false }] : []),
  ];
}

/** True when no config file of any scope exists (and none was named on the command line). */
export function nothingConfigured(opts: LoadConfigOptions): boolean {
  // A file named on the command line (or inline JSON) is configuration, present or not.
  if ((opts.cliConfigFiles ?? []).length > 0) return false;
  if (opts.strict === true) return true;
  const env = opts.env ?? process.env;
  // The local file lies under $CODEAGENT_HOME/projects/NAME-HASH/: with no projects folder there is none, and
  // no path to hash (which would load node:crypto for a listing that has nothing to list).
  const local = existsSync(join(codeagentHome(env), "projects"));
  return defaultFiles(opts.cwd, env, local).every((r) => !existsSync(resolve(opts.cwd, r.path)));
}
