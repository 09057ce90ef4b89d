// What a command works from: the host's options resolved once from the flags (config, variables, approvals)
// and a way to assemble the MCP host. The CLI builds it from its flags; the agent's composition takes it.
import type { VariableLookup } from "../config/expand.js";
import type { LoadedConfig } from "../config/types.js";
import type { Env } from "../paths.js";
import type { ApprovalStore } from "../permissions/approvals.js";
import type { AssembledHost, HostParts } from "./create-host.js";
import type { ResolvedHost } from "./options.js";

export interface HostContext {
  cwd: string;
  env: Env;
  config: LoadedConfig;
  variables: VariableLookup;
  approvals: ApprovalStore;
  startupWaitMs: number;
  json: boolean;
  /** The host's options, resolved once from the flags. */
  host: ResolvedHost;
  /** Loads the MCP layer (the SDK) only when a command really starts servers; the host is not started. */
  createHost(parts?: HostParts): Promise<AssembledHost>;
}
