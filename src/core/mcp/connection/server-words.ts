// What a server says besides answers — messages MCP has no method for, its logging — goes into its log, and for
// a stdio server among the last words its exit error quotes. That includes the requests and notifications read
// before the client attaches to the transport: the SDK's version probe (`server/discover`) holds the transport
// until then and drops every message that is not its answer, so a server that says why it fails in a message
// of its own (Twilio's `log` request) and exits at once went unheard whenever the probe was not retried (its
// write found the server gone, EPIPE): an exit error without its words, a log without the message.
import type { Client, JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { StdioTransport } from "../stdio/transport.js";
import { logUnknownMessages } from "./unknown-messages.js";
import { logServerMessages } from "./server-log-messages.js";

export type EarlyMessage =
  | { handle: "log"; params: unknown }
  | { handle: "unknown"; kind: "request" | "notification"; method: string; params: unknown };

/** How a message read while the probe holds the transport is handled; responses are the probe's own. Pure. */
export function earlyMessage(message: JSONRPCMessage): EarlyMessage | undefined {
  if (!("method" in message)) return undefined;
  const params = message.params;
  if (message.method === "notifications/message") return { handle: "log", params };
  const kind = "id" in message ? "request" : "notification";
  return { handle: "unknown", kind, method: message.method, params };
}

export function hearServer(client: Client, transport: Transport, log: (line: string) => void): void {
  const stdio = transport instanceof StdioTransport ? transport : undefined;
  const heard = stdio && ((method: string, words: string) => stdio.noteMessage(method, words));
  const unknown = logUnknownMessages(client, log, heard);
  const serverLog = logServerMessages(client, log, heard);
  if (stdio === undefined) return;
  stdio.onread = (message) => {
    if (client.transport === stdio) return;
    const early = earlyMessage(message);
    if (early?.handle === "log") serverLog(early.params);
    else if (early !== undefined) unknown(early.kind, early.method, early.params);
  };
}
