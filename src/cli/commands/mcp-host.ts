// Shared set-up for commands that use tools: started servers, the registry kept in step with them, and
// the name → server routing that lets a one-shot command start only the server it needs.
import { CodeagentError } from "../../core/errors.js";
import type { McpManager } from "../../core/mcp/manager.js";
import { paths } from "../../core/paths.js";
import { McpToolBridge } from "../../core/tools/mcp-bridge.js";
import { ToolRegistry } from "../../core/tools/registry.js";
import type { CliContext } from "../context.js";

export interface Host {
  manager: McpManager;
  registry: ToolRegistry;
  bridge: McpToolBridge;
}

export function attachRegistry(ctx: CliContext, manager: McpManager): Host {
  const registry = new ToolRegistry();
  const bridge = new McpToolBridge(manager, registry, { saveDir: paths.outputsDir(ctx.env) }).attach();
  return { manager, registry, bridge };
}

/** `mcp__{server}__…` → server. Server names never contain `__`, so the first `__` after the prefix ends it. */
export function serverOfToolName(name: string): string | undefined {
  if (!name.startsWith("mcp__")) return undefined;
  const rest = name.slice(5);
  const i = rest.indexOf("__");
  return i <= 0 ? undefined : rest.slice(0, i);
}

/** Refuses a server name the config does not define (exit 2), before anything is started. */
export function requireServer(ctx: CliContext, name: string | undefined): void {
  if (name !== undefined && !ctx.config.servers.some((s) => s.name === name)) {
    throw new CodeagentError(
      "UNKNOWN_SERVER",
      `no MCP server named "${name}" is configured (see codeagent mcp list)`,
    );
  }
}
