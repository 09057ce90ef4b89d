// Builds what every subcommand needs from the common flags: the loaded config, the variable lookup, the
// approval store and a manager. Nothing here starts a server until asked.
import { cliConfigFailure, loadConfig } from "../core/config/load.js";
import { loadVariableLookup, parseDefines } from "../core/config/variables.js";
import type { LoadedConfig } from "../core/config/types.js";
import type { VariableLookup } from "../core/config/expand.js";
import { CodeagentError } from "../core/errors.js";
import type { McpManager, ManagerOptions } from "../core/mcp/manager.js";
import { ApprovalStore } from "../core/permissions/approvals.js";
import { paths, type Env } from "../core/paths.js";

export interface GlobalOptions {
  mcpConfig?: string[];
  strictMcpConfig?: boolean;
  define?: string[];
  startupWait?: string;
  yes?: boolean;
  json?: boolean;
}

export interface CliContext {
  cwd: string;
  env: Env;
  config: LoadedConfig;
  variables: VariableLookup;
  approvals: ApprovalStore;
  startupWaitMs: number;
  json: boolean;
  /** Loads the MCP layer (the SDK) only when a command really starts servers. */
  createManager(extra?: Partial<ManagerOptions>): Promise<McpManager>;
}

export const DEFAULT_STARTUP_WAIT_MS = 8000;

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
  const cwd = io.cwd ?? process.cwd();
  const env = io.env ?? process.env;
  const defines = parseDefines(g.define ?? []);
  const config = loadConfig({
    cwd,
    env,
    cliConfigFiles: g.mcpConfig ?? [],
    strict: g.strictMcpConfig === true,
  });
  const cliFailure = cliConfigFailure(config);
  if (cliFailure !== undefined) throw cliFailure;
  const variables = loadVariableLookup({ cwd, env, defines });
  const approvals = new ApprovalStore(paths.approvals(env));
  const waitMs = startupWait(g.startupWait, env);
  return {
    cwd,
    env,
    config,
    variables,
    approvals,
    startupWaitMs: waitMs,
    json: g.json === true,
    createManager: async (extra = {}) => {
      const [{ McpManager }, { remoteAuth }, { oauthDir }] = await Promise.all([
        import("../core/mcp/manager.js"),
        import("../core/mcp/oauth/remote-auth.js"),
        import("../core/mcp/oauth/store.js"),
      ]);
      return new McpManager({
        config,
        cwd,
        env,
        variables,
        approvals,
        logsDir: paths.logsDir(env),
        cacheDir: paths.toolCacheDir(env),
        // Stored OAuth tokens are used and refreshed; a server that needs a login is `needs-auth`.
        remoteFetch: remoteAuth({ dir: oauthDir(env) }),
        ...extra,
      });
    },
  };
}

/** Config problems go to stderr so they never corrupt a JSON document on stdout. */
export function reportConfigProblems(config: LoadedConfig, warn: (s: string) => void): void {
  for (const p of config.fileErrors) warn(`config: ${p.message}`);
  for (const p of config.warnings) warn(`config warning: ${p.message}`);
}
