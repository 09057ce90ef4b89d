// Routes an upstream server's requests for input (elicitation) to the caller whose call caused them (§22):
// forwarded, never answered for the caller. A 2026-07-28 upstream asks inside the call's own async chain, so
// the call's context names the caller; a 2025-era upstream asks on its own channel, so the caller is the one
// call in flight to that server. With several in flight there is no telling which caller is meant: the ask is
// declined and the server's log says why, rather than guessing and showing one caller another's question.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ElicitResult } from "@modelcontextprotocol/client";
import type { ElicitationHandler, ElicitationParams } from "../mcp/connection/elicitation.js";

export type Asker = (params: ElicitationParams, signal: AbortSignal) => Promise<ElicitResult>;

export class AskRouter {
  private readonly context = new AsyncLocalStorage<Asker>();
  private readonly inflight = new Map<string, Set<Asker>>();

  constructor(private readonly note: (server: string, text: string) => void) {}

  /**
   * Runs `fn` (a call to `server`) with `asker` as the one to ask for whatever it needs. `sameChain`: the server
   * asks inside the call's own chain (2026-07-28), so the context names the caller. A 2025-era server asks on its
   * own channel, where no context reaches; it gets none, since keeping one costs every promise in the process.
   */
  async run<T>(server: string, asker: Asker, fn: () => Promise<T>, sameChain = true): Promise<T> {
    let set = this.inflight.get(server);
    if (set === undefined) this.inflight.set(server, (set = new Set()));
    set.add(asker);
    try {
      return await (sameChain ? this.context.run(asker, fn) : fn());
    } finally {
      set.delete(asker);
    }
  }

  /** The elicitation handler of `server`'s client connection. */
  handlerFor(server: string): ElicitationHandler {
    return (params, signal) => {
      const set = this.inflight.get(server);
      const asker = this.context.getStore() ?? (set?.size === 1 ? [...set][0] : undefined);
      if (asker !== undefined) return asker(params, signal);
      this.note(
        server,
        `declined an elicitation request: ${set === undefined || set.size === 0 ? "no caller's call is in flight" : `${set.size} callers' calls are in flight and the request names none`}`,
      );
      return Promise.resolve({ action: "decline" });
    };
  }
}
