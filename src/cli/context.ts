// Builds what every subcommand needs from the common flags: the host's resolved options (loaded config,
// variable lookup, approvals) and a way to assemble the host (core/host, the one composition root). Nothing
// here loads the MCP layer or starts a server until asked.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { cliConfigFailure } from "../core/config/load.js";
import type { LoadedConfig } from "../core/config/types.js";
import { parseDefines } from "../core/config/variables.js";
import { CodeagentError } from "../core/errors.js";
import type { HostContext } from "../core/host/host-context.js";
import { DEFAULT_STARTUP_WAIT_MS, resolveHostOptions } from "../core/host/options.js";
import { ApprovalStore } from "../core/permissions/approvals.js";
import { codeagentHome, paths, type Env } from "../core/paths.js";
import { ensurePrivateDir } from "../core/fs/private-dir.js";

export interface GlobalOptions {
  mcpConfig?: string[];
  strictMcpConfig?: boolean;
  define?: string[];
  startupWait?: string;
  yes?: boolean;
  json?: boolean;
  /** `--add-dir DIR` (repeatable): more directories the built-in file tools may use without asking (§8.4). */
  addDir?: string[];
  /** `--no-sandbox`: false runs bash commands outside the OS sandbox for this run (§18.4). */
  sandbox?: boolean;
}

/** The --add-dir directories, absolute; one that is not an existing directory is a usage error (exit 2). */
export function addDirs(dirs: readonly string[] | undefined, cwd: string): string[] {
  return (dirs ?? []).map((d) => {
    const abs = resolve(cwd, d);
    let isDir = false;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      // Reported below.
    }
    if (!isDir) throw new CodeagentError("USAGE", `--add-dir ${d}: no such directory (${abs})`);
    return abs;
  });
}

/** What every subcommand works from; defined in core so the agent's composition (core/host) takes it too. */
export type CliContext = HostContext;

export { DEFAULT_STARTUP_WAIT_MS };

export function startupWait(flag: string | undefined, env: Env): number {
  const raw = flag ?? env.CODEAGENT_MCP_STARTUP_WAIT_MS;
  if (raw === undefined || raw === "") return DEFAULT_STARTUP_WAIT_MS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    const where = flag !== undefined ? "--startup-wait" : "CODEAGENT_MCP_STARTUP_WAIT_MS";
    throw new CodeagentError("USAGE", `${where} must be a number of milliseconds, got "${raw}"`);
  }
  return Math.floor(n);
}

export function createContext(g: GlobalOptions, io: { cwd?: string; env?: Env } = {}): CliContext {
  const env = io.env ?? process.env;
  ensurePrivateDir(codeagentHome(env));
  const approvals = new ApprovalStore(paths.approvals(env));
  const host = resolveHostOptions(
    {
      cwd: io.cwd ?? process.cwd(),
      env,
      configFiles: g.mcpConfig ?? [],
      userConfig: g.strictMcpConfig !== true,
      defines: parseDefines(g.define ?? []),
      startupWaitMs: startupWait(g.startupWait, env),
      approvals,
      addDirs: addDirs(g.addDir, io.cwd ?? process.cwd()),
    },
    { configFilesLabel: "--mcp-config" },
  );
  // A --mcp-config file the user named that is missing or does not parse ends the run (§2, exit 2).
  const cliFailure = cliConfigFailure(host.config);
  if (cliFailure !== undefined) throw cliFailure;
  return {
    cwd: host.cwd,
    env,
    config: host.config,
    variables: host.variables,
    approvals,
    startupWaitMs: host.startupWaitMs,
    json: g.json === true,
    host,
    createHost: async (parts) =>
      (await import("../core/host/create-host.js")).assembleHost(host, {
        // --no-sandbox: servers that would be confined start unconfined where no sandbox can start (§18.5).
        ...(g.sandbox === false && { unconfined: () => Promise.resolve(true) }),
        ...parts,
      }),
  };
}

/** Config problems go to stderr so they never corrupt a JSON document on stdout. */
export function reportConfigProblems(config: LoadedConfig, warn: (s: string) => void): void {
  for (const p of config.fileErrors) warn(`config: ${p.message}`);
  for (const p of config.warnings) warn(`config warning: ${p.message}`);
}
