// Where codeagent keeps its own files. Everything takes `env` so tests never touch the real home.
import type { createHash as CreateHash } from "node:crypto";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";

export type Env = Readonly<Record<string, string | undefined>>;

export function codeagentHome(env: Env = process.env): string {
  const fromEnv = env.CODEAGENT_HOME;
  if (fromEnv !== undefined && fromEnv !== "") return resolve(fromEnv);
  return join(env.HOME ?? homedir(), ".codeagent");
}

export function userHome(env: Env = process.env): string {
  return env.HOME !== undefined && env.HOME !== "" ? env.HOME : homedir();
}

export const paths = {
  userConfig: (env: Env = process.env) => join(codeagentHome(env), "mcp.json"),
  /** The `local` scope (Claude Code's `-s local`): the user's own servers for one project, kept out of the repo. */
  localConfig: (cwd: string, env: Env = process.env) =>
    join(codeagentHome(env), "projects", projectFolderName(cwd), "mcp.json"),
  logsDir: (env: Env = process.env) => join(codeagentHome(env), "logs"),
  approvals: (env: Env = process.env) => join(codeagentHome(env), "approvals.json"),
  permissions: (env: Env = process.env) => join(codeagentHome(env), "permissions.json"),
  toolPins: (env: Env = process.env) => join(codeagentHome(env), "tool-pins.json"),
  skillPins: (env: Env = process.env) => join(codeagentHome(env), "skill-pins.json"),
  skillApprovals: (env: Env = process.env) => join(codeagentHome(env), "skill-approvals.json"),
  toolCacheDir: (env: Env = process.env) => join(codeagentHome(env), "cache", "tools"),
  searchIndexDir: (env: Env = process.env) => join(codeagentHome(env), "cache", "search"),
  sandboxProbe: (env: Env = process.env) => join(codeagentHome(env), "cache", "sandbox-probe.json"),
  outputsDir: (env: Env = process.env) => join(codeagentHome(env), "outputs"),
  settings: (env: Env = process.env) => join(codeagentHome(env), "settings.json"),
  sessionsDir: (env: Env = process.env) => join(codeagentHome(env), "sessions"),
  inputHistory: (env: Env = process.env) => join(codeagentHome(env), "history.jsonl"),
  userInstructions: (env: Env = process.env) => join(codeagentHome(env), "AGENTS.md"),
};

/** A folder name for a project under `$CODEAGENT_HOME/projects/`: readable, and unique by the path's hash. */
export function projectFolderName(cwd: string): string {
  const abs = resolve(cwd);
  const base = basename(abs).replace(/[^A-Za-z0-9._-]/g, "_") || "root";
  return `${base}-${sha256(abs).slice(0, 12)}`;
}

/** node:crypto loads on first use: most commands never hash a path, and loading it costs ~8 ms at start. */
function sha256(text: string): string {
  const { createHash } = createRequire(import.meta.url)("node:crypto") as { createHash: typeof CreateHash };
  return createHash("sha256").update(text).digest("hex");
}
