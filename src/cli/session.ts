// Runs a one-shot command against started servers: bounded start; Ctrl-C/SIGTERM cancel the running request
// (the server is told), end every server's process tree and exit 130/143; the manager is always shut down.
// After the first signal the command gets a short grace to wind down, so the cancellation (`tasks/cancel`,
// `notifications/cancelled`) reaches the server before its process is ended; a second signal ends it at once.
import { CodeagentError } from "../core/errors.js";
import type { AssembledHost } from "../core/host/create-host.js";
import type { McpManager, ManagerOptions } from "../core/mcp/servers/manager.js";
import type { BridgeOptions } from "../core/tools/mcp-bridge.js";
import type { ToolPinsOptions } from "../core/pinning/pins.js";
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
/** After the first signal, how long a command (or a headless turn) may take to tell its servers before they are shut down. */
export const CANCEL_GRACE_MS = 3000;

export async function withServers<T>(
  ctx: CliContext,
  opts: {
    only?: string[];
    manager?: Partial<ManagerOptions>;
    bridge?: Partial<BridgeOptions>;
    pins?: ToolPinsOptions;
    waitMs?: number;
  },
  run: (manager: McpManager, signal: AbortSignal, host: AssembledHost) => Promise<T>,
): Promise<T> {
  const host = await ctx.createHost({
    ...(opts.manager !== undefined && { manager: opts.manager }),
    ...(opts.bridge !== undefined && { bridge: opts.bridge }),
    ...(opts.pins !== undefined && { pins: opts.pins }),
  });
  const abort = new AbortController();
  let running = false; // past start-up: only then is there a request whose server must be told
  const work = (async () => {
    await host.start({
      ...(opts.only !== undefined && { only: opts.only }),
      ...(opts.waitMs !== undefined && { waitMs: opts.waitMs }),
    });
    if (abort.signal.aborted) throw abort.signal.reason;
    running = true;
    return run(host.manager, abort.signal, host);
  })();
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  let onSignal: (s: NodeJS.Signals) => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    onSignal = (s) => {
      const now = abort.signal.aborted || !running; // a second signal, or nothing to wind down yet
      abort.abort(new Interrupted(s));
      if (now) return reject(new Interrupted(s));
      const grace = new Promise((r) => setTimeout(r, CANCEL_GRACE_MS).unref());
      void Promise.race([settled, grace]).then(() => reject(new Interrupted(s)));
    };
  });
  for (const s of SIGNALS) process.on(s, onSignal);
  try {
    // Once a signal came, the command ends as interrupted, whatever the wound-down work returned or threw.
    const interruption = () => abort.signal.reason as Interrupted;
    const out = await Promise.race([work, interrupted]).catch((e: unknown) => {
      throw abort.signal.aborted ? interruption() : e;
    });
    if (abort.signal.aborted) throw interruption();
    return out;
  } finally {
    await host.close();
    for (const s of SIGNALS) process.off(s, onSignal);
  }
}
