// Upstream servers' MCP log messages (`notifications/message`) forwarded to callers (§22): to each long-lived
// caller (stdio, a 2025-era session) whose profile shows that server, once the caller asked for logs with
// `logging/setLevel`, at or above that level; never to stderr, which is the operator's. The server's own log
// keeps every message, as in the agent.
import type { Client } from "@modelcontextprotocol/client";
import type { LoggingLevel, LoggingMessageNotification } from "@modelcontextprotocol/server";
import { serverLogLine } from "../mcp/connection/server-log-messages.js";

export type LogParams = LoggingMessageNotification["params"];
type Listener = (server: string, params: LogParams) => void;

const LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/** Pure: whether a message at `level` goes to a caller that asked for `threshold` (nothing until it asked). */
export function wantsLevel(threshold: LoggingLevel | undefined, level: string): boolean {
  if (threshold === undefined) return false;
  const at = LEVELS.indexOf(level as LoggingLevel);
  return at !== -1 && at >= LEVELS.indexOf(threshold);
}

/** Pure: the message as a caller gets it, the logger naming the upstream server (`github`, `github/api`). */
export function forwardedLog(server: string, params: LogParams): LogParams {
  const logger =
    typeof params.logger === "string" && params.logger !== "" ? `${server}/${params.logger}` : server;
  return { level: params.level, logger, data: params.data };
}

export class UpstreamLogs {
  private readonly listeners = new Set<Listener>();

  /** Installs the log handler on `server`'s client: the server's log as before, then the callers. */
  attach(server: string, client: Client, serverLog: (line: string) => void): void {
    client.setNotificationHandler("notifications/message", (n) => {
      serverLog(serverLogLine(n.params).line);
      for (const l of this.listeners) l(server, n.params);
    });
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
