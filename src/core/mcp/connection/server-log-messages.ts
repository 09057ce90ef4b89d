// MCP's own logging (`notifications/message`, with a level, an optional logger name and data) goes into the
// server's log as what it is — not as an "unknown notification" — and an error-level one counts among the
// server's last words (why it failed) like a stderr line.
import type { Client } from "@modelcontextprotocol/client";
import { printable } from "../../text/printable.js";

const MAX_DETAIL = 300;
const ERROR_LEVELS = new Set(["error", "critical", "alert", "emergency"]);

/** The log line of one logging message. Pure. */
export function serverLogLine(params: unknown): { line: string; error: boolean; words: string } {
  const p = (typeof params === "object" && params !== null ? params : {}) as Record<string, unknown>;
  const level = typeof p.level === "string" ? printable(p.level, 20) : "info";
  const logger = typeof p.logger === "string" ? ` ${printable(p.logger, 60)}` : "";
  const words = printable(typeof p.data === "string" ? p.data : (JSON.stringify(p.data) ?? ""), MAX_DETAIL);
  return { line: `server log [${level}${logger}]: ${words}`, error: ERROR_LEVELS.has(level), words };
}

/** Logs the server's logging messages; returns the handling of one, for messages the client never sees. */
export function logServerMessages(
  client: Client,
  log: (line: string) => void,
  heard?: (method: string, words: string) => void,
): (params: unknown) => void {
  const handle = (params: unknown) => {
    const m = serverLogLine(params);
    log(m.line);
    if (m.error && m.words !== "") heard?.("notifications/message", m.words);
  };
  client.setNotificationHandler("notifications/message", (n) => handle(n.params));
  return handle;
}
