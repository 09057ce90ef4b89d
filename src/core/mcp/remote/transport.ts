// Remote transports from the SDK (Streamable HTTP, legacy SSE) with our headers, and the rule for when a
// URL without an explicit `type` falls back from Streamable HTTP to SSE.
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SSEClientTransport } from "@modelcontextprotocol/client";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { FetchLike, Transport } from "@modelcontextprotocol/client";
import { httpStatusOf } from "../connection/sdk-errors.js";
import { withChildSignals } from "./request-signals.js";

export interface RemoteTransportOptions {
  url: string;
  headers: Record<string, string>;
  authProvider?: OAuthClientProvider;
  /** Used for every request (our OAuth-aware fetch for protected servers). */
  fetch?: FetchLike;
}

/**
 * Resuming an SSE stream (GET with Last-Event-ID): the server's `retry:` field wins when it sends one;
 * otherwise 1 s, growing ×1.5 up to 30 s, five tries — the SDK's default of two gives up too soon on a
 * load balancer that drops idle streams.
 */
export const RECONNECTION_OPTIONS = {
  initialReconnectionDelay: 1000,
  maxReconnectionDelay: 30_000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 5,
};

export function createRemoteTransport(kind: "http" | "sse", opts: RemoteTransportOptions): Transport {
  const url = new URL(opts.url);
  const requestInit: RequestInit = { headers: opts.headers };
  if (kind === "http") {
    return new StreamableHTTPClientTransport(url, {
      requestInit,
      reconnectionOptions: RECONNECTION_OPTIONS,
      ...(opts.authProvider !== undefined && { authProvider: opts.authProvider }),
      // Every POST carries the transport's one signal: each gets a child of it instead (request-signals.ts).
      fetch: withChildSignals(opts.fetch ?? ((u, init) => fetch(u, init))),
    });
  }
  return new SSEClientTransport(url, {
    requestInit,
    eventSourceInit: { fetch: (u, init) => fetchWithHeaders(opts, u, init) },
    ...(opts.authProvider !== undefined && { authProvider: opts.authProvider }),
    ...(opts.fetch !== undefined && { fetch: opts.fetch }),
  });
}

function fetchWithHeaders(opts: RemoteTransportOptions, u: string | URL | Request, init?: RequestInit) {
  const headers = new Headers(init?.headers);
  for (const [k, v] of Object.entries(opts.headers)) headers.set(k, v);
  return (opts.fetch ?? fetch)(u instanceof Request ? u.url : u, { ...init, headers });
}

/**
 * Legacy SSE servers answer a Streamable HTTP POST with 4xx (404/405/400) — the spec's backwards
 * compatibility rule. Auth failures and network errors are not a reason to try SSE.
 */
export function shouldFallBackToSse(e: unknown): boolean {
  const status = httpStatusOf(e);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
}
