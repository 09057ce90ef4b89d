// Runs a one-shot command against started servers: bounded start; Ctrl-C/SIGTERM cancel the running request
// (the server is told), end every server's process tree and exit 130/143; the manager is always shut down.
import { CodeagentError } from "../core/errors.js";
import type { AssembledHost } from "../core/host/create-host.js";
import type { McpManager, ManagerOptions } from "../core/mcp/manager.js";
import type { CliContext } from "./context.js";

/** Thrown when the user interrupted the command; carries the conventional exit code. */
export class Interrupted extends CodeagentError {
  constructor(readonly signal: NodeJS.Signals) {
    super("CANCELLED", signal === "SIGINT" ? "interrupted" : `stopped by ${signal}`);
  }
  get exitCode(): number {
    return signal128(this.signal);
  }
}

function signal128(s: NodeJS.Signals): number {
  return s === "SIGINT" ? 130 : s === "SIGHUP" ? 129 : 143;
}

const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export async function withServers<T>(
  ctx: CliContext,
  opts: {
    only?: string[];
    manager?: Partial<ManagerOptions>;
    waitMs?: number;
    /** Runs once the host is assembled, before any server starts (to follow events from the first one). */
    beforeStart?: (host: AssembledHost) => void;
  },
  run: (manager: McpManager, signal: AbortSignal, host: AssembledHost) => Promise<T>,
): Promise<T> {
  const host = await ctx.createHost(opts.manager === undefined ? {} : { manager: opts.manager });
  opts.beforeStart?.(host);
  const abort = new AbortController();
  let onSignal: (s: NodeJS.Signals) => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    onSignal = (s) => {
      abort.abort(new Interrupted(s));
      reject(new Interrupted(s));
    };
  });
  for (const s of SIGNALS) process.on(s, onSignal);
  try {
    const work = (async () => {
      await host.start({
        ...(opts.only !== undefined && { only: opts.only }),
        ...(opts.waitMs !== undefined && { waitMs: opts.waitMs }),
      });
      return run(host.manager, abort.signal, host);
    })();
    work.catch(() => undefined);
    return await Promise.race([work, interrupted]);
  } finally {
    await host.close();
    for (const s of SIGNALS) process.off(s, onSignal);
  }
}
