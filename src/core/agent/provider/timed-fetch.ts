// The fetch every model provider uses: bounded at the socket, so a provider that never connects, never
// answers or stalls mid-stream fails with a timeout error (undici's UND_ERR_*_TIMEOUT codes, which
// `classifyFailure` names) instead of holding the turn for Node's default five minutes.
// undici's own fetch, not the global one: its Agent is what takes the three timeouts, and a dispatcher of
// another undici version than the one inside Node is not accepted by the global fetch on every Node line.
import { Agent, fetch as undiciFetch } from "undici";

export interface ModelTimeouts {
  /** TCP (and TLS) connection. */
  connectMs: number;
  /** From the request sent to the response headers (a streaming API sends them before the first token). */
  firstByteMs: number;
  /** Between two chunks of the response body. */
  idleMs: number;
}

export type FetchFunction = typeof globalThis.fetch;

/** One connection pool per set of timeouts: a session reuses its connections across requests. */
export function timedFetch(t: ModelTimeouts): FetchFunction {
  const dispatcher = new Agent({
    connect: { timeout: t.connectMs },
    headersTimeout: t.firstByteMs,
    bodyTimeout: t.idleMs,
  });
  const f = (input: Parameters<FetchFunction>[0], init?: Parameters<FetchFunction>[1]) =>
    undiciFetch(input, {
      ...init,
      dispatcher,
    }) as unknown as Promise<Response>;
  return f;
}
