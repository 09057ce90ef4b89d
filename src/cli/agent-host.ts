// The agent host of `codeagent` and `codeagent -p`: the common flags make the context (cli/context.ts), and
// core/host composes the agent over it. Tests pass their own environment and directory.
import type { AgentFlags } from "../core/host/agent-flags.js";
import { assembleAgentHost, type AgentHost, type AgentHostMode } from "../core/host/agent-setup.js";
import type { Env } from "../core/paths.js";
import { createContext, type GlobalOptions } from "./context.js";

export type AgentHostOptions = GlobalOptions & AgentFlags;

export function createAgentHost(
  opts: AgentHostOptions,
  mode: AgentHostMode & { env?: Env; cwd?: string },
): Promise<AgentHost> {
  const ctx = createContext(opts, {
    ...(mode.cwd !== undefined && { cwd: mode.cwd }),
    ...(mode.env !== undefined && { env: mode.env }),
  });
  return assembleAgentHost(ctx, opts, mode);
}
