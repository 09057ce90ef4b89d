// Shared checks of the commands that take a server name.
import { CodeagentError } from "../../core/errors.js";
import type { CliContext } from "../context.js";

/** Refuses a server name the config does not define (exit 2), before anything is started. */
export function requireServer(ctx: CliContext, name: string | undefined): void {
  if (name !== undefined && !ctx.config.servers.some((s) => s.name === name)) {
    throw new CodeagentError(
      "UNKNOWN_SERVER",
      `no MCP server named "${name}" is configured (see codeagent mcp list)`,
    );
  }
}
