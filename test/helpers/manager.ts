// Builds real hosts over config files for integration tests, through the same composition root as the CLI
// and the library (core/host): `hostFor` gives the whole host, `managerFor` its manager.
import { assembleHost, type AssembledHost, type HostParts } from "../../src/core/host/create-host.js";
import { resolveHostOptions } from "../../src/core/host/options.js";
import type { ManagerOptions, McpManager } from "../../src/core/mcp/servers/manager.js";
import type { Sandbox } from "./env.js";

export function hostFor(
  sb: Sandbox,
  servers: Record<string, unknown>,
  extra: Partial<ManagerOptions> & { defines?: Record<string, string>; bridge?: HostParts["bridge"] } = {},
): AssembledHost {
  const file = sb.writeJson("cli-config.json", { mcpServers: servers });
  const { defines, bridge, ...manager } = extra;
  const options = resolveHostOptions({
    cwd: sb.project,
    env: sb.env,
    configFiles: [file],
    userConfig: true,
    defines: defines ?? {},
  });
  return assembleHost(options, { manager, ...(bridge !== undefined && { bridge }) });
}

export function managerFor(
  sb: Sandbox,
  servers: Record<string, unknown>,
  extra: Partial<ManagerOptions> & { defines?: Record<string, string> } = {},
): McpManager {
  return hostFor(sb, servers, extra).manager;
}
