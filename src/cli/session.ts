// Runs a one-shot command against started servers: bounded start, Ctrl-C/SIGTERM end every server's
// process tree before exiting, and the manager is always shut down, so nothing is left behind.
import type { McpManager, ManagerOptions } from "../core/mcp/manager.js";
import type { CliContext } from "./context.js";

export async function withServers<T>(
  ctx: CliContext,
  opts: { only?: string[]; manager?: Partial<ManagerOptions> },
  run: (manager: McpManager) => Promise<T>,
): Promise<T> {
  const manager = ctx.createManager(opts.manager);
  let exiting = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (exiting) return;
    exiting = true;
    void manager.shutdown().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  try {
    await manager.start({ waitMs: ctx.startupWaitMs, ...(opts.only !== undefined && { only: opts.only }) });
    return await run(manager);
  } finally {
    await manager.shutdown();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  }
}
