// Runs a one-shot command against started servers: bounded start; Ctrl-C/SIGTERM first cancel the running
// request (the server is told), then end every server's process tree; the manager is always shut down.
import type { McpManager, ManagerOptions } from "../core/mcp/manager.js";
import type { CliContext } from "./context.js";

export async function withServers<T>(
  ctx: CliContext,
  opts: { only?: string[]; manager?: Partial<ManagerOptions> },
  run: (manager: McpManager, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const manager = ctx.createManager(opts.manager);
  const abort = new AbortController();
  let exiting = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (exiting) return;
    exiting = true;
    process.stderr.write(`\ncodeagent: ${signal === "SIGINT" ? "interrupted" : signal}; stopping servers\n`);
    abort.abort(new Error(`${signal}`));
    // Give the cancellation notification a moment to reach the server before its process is ended.
    setTimeout(() => {
      void manager.shutdown().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    }, 50);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  try {
    await manager.start({ waitMs: ctx.startupWaitMs, ...(opts.only !== undefined && { only: opts.only }) });
    return await run(manager, abort.signal);
  } finally {
    await manager.shutdown();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  }
}
