// The negotiation half of a connection (§14): the transport a config calls for, a Client set up to probe the
// era (`server/discover` first, `initialize` as the fallback; SSE is 2025-era only), and what the connection
// landed on — the server's description and the verdict a later connection takes as `prior`.
import { Client } from "@modelcontextprotocol/client";
import type { ClientCapabilities, PriorDiscovery, Transport } from "@modelcontextprotocol/client";
import { stripControl, stripControlLine } from "../../text/strip.js";
import { childEnv } from "../stdio/child-env.js";
import type { ConnectOptions, ServerInfo } from "./types.js";
import { CLIENT_INFO, STDIO_PROBE_MS } from "./types.js";
import { createRemoteTransport } from "../remote/transport.js";
import { StdioTransport } from "../stdio/transport.js";
import { TASKS_EXTENSION } from "./tasks-modern.js";

export type TransportKind = "stdio" | "http" | "sse";

export function createTransport(opts: ConnectOptions, kind: TransportKind): Transport {
  const cfg = opts.config;
  const log = opts.log;
  if (cfg.transport === "stdio") {
    return new StdioTransport({
      command: cfg.command,
      args: cfg.args,
      env: childEnv(opts.parentEnv ?? process.env, cfg.env),
      ...(cfg.cwd !== undefined && { cwd: cfg.cwd }),
      maxMessageBytes: cfg.maxMessageBytes,
      server: opts.name,
      onStderrLine: (l) => log.stderr(l),
      onEvent: (t) => log.event(t),
      ...(opts.confine !== undefined && { confine: opts.confine }),
    });
  }
  return createRemoteTransport(kind === "sse" ? "sse" : "http", {
    url: cfg.url,
    headers: cfg.headers,
    ...(opts.authProvider !== undefined && { authProvider: opts.authProvider }),
    ...(opts.fetch !== undefined && { fetch: opts.fetch }),
  });
}

export function createClient(opts: ConnectOptions, kind: TransportKind): Client {
  const capabilities = opts.capabilities ?? {};
  return new Client(CLIENT_INFO, {
    // We handle a task handle on any call (tasks-call.ts); the extension does not exist on the 2025 wire, where
    // servers must ignore it, and SSE is 2025-era only.
    capabilities: kind === "sse" ? capabilities : withTasksExtension(capabilities),
    // SSE is the 2024-11-05 transport: no 2026-07-28 server speaks it.
    versionNegotiation:
      kind === "sse"
        ? { mode: "legacy" }
        : {
            mode: "auto",
            probe: {
              timeoutMs: kind === "stdio" ? Math.min(STDIO_PROBE_MS, opts.timeoutMs) : opts.timeoutMs,
            },
          },
  });
}

function withTasksExtension(c: ClientCapabilities): ClientCapabilities {
  return { ...c, extensions: { ...c.extensions, [TASKS_EXTENSION]: {} } };
}

/** What a connected client landed on: the server as described to the host, and the era verdict to cache. */
export function landed(
  client: Client,
  kind: TransportKind,
  transport: Transport,
): { info: ServerInfo; verdict: PriorDiscovery } {
  const sv = client.getServerVersion();
  const era = client.getProtocolEra() ?? "legacy";
  const discover = client.getDiscoverResult();
  const verdict: PriorDiscovery =
    era === "modern" && discover !== undefined
      ? { kind: "modern", discover }
      : kind === "sse"
        ? sseVerdict()
        : { kind: "legacy" };
  const instructions = client.getInstructions();
  const info: ServerInfo = {
    serverInfo: {
      name: stripControlLine(sv?.name ?? ""),
      version: stripControlLine(sv?.version ?? ""),
      ...(sv?.title !== undefined && { title: sv.title }),
    },
    protocolVersion: client.getNegotiatedProtocolVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    // The server's own words, cleaned once where they enter, for every display and the system prompt.
    instructions: instructions === undefined ? undefined : stripControl(instructions),
    transport: kind,
    era,
    pid: transport instanceof StdioTransport ? transport.pid : undefined,
  };
  return { info, verdict };
}

/**
 * A bare URL that landed on legacy SSE: the verdict says so (a field the SDK ignores), so the next start goes to
 * SSE at once instead of spending a `server/discover` and an `initialize` POST on the URL first (§14).
 */
export function sseVerdict(): PriorDiscovery {
  return { kind: "legacy", transport: "sse" } as PriorDiscovery;
}

export function landedOnSse(prior: PriorDiscovery | undefined): boolean {
  return (prior as { transport?: unknown } | undefined)?.transport === "sse";
}
