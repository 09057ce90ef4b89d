// Builds a real manager over config files, the way the CLI does, for integration tests.
import { loadConfig } from "../../src/core/config/load.js";
import { loadVariableLookup } from "../../src/core/config/variables.js";
import { McpManager, type ManagerOptions } from "../../src/core/mcp/manager.js";
import { ApprovalStore } from "../../src/core/permissions/approvals.js";
import { paths } from "../../src/core/paths.js";
import type { Sandbox } from "./env.js";

export function managerFor(
  sb: Sandbox,
  servers: Record<string, unknown>,
  extra: Partial<ManagerOptions> & { defines?: Record<string, string> } = {},
): McpManager {
  const file = sb.writeJson("cli-config.json", { mcpServers: servers });
  const config = loadConfig({ cwd: sb.project, env: sb.env, cliConfigFiles: [file] });
  const { defines, ...rest } = extra;
  return new McpManager({
    config,
    cwd: sb.project,
    env: sb.env,
    variables: loadVariableLookup({ cwd: sb.project, env: sb.env, defines: defines ?? {} }),
    approvals: new ApprovalStore(paths.approvals(sb.env)),
    logsDir: paths.logsDir(sb.env),
    cacheDir: paths.toolCacheDir(sb.env),
    ...rest,
  });
}
