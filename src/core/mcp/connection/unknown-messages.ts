// Messages a server sends that MCP has no method for go into its log. Some servers speak their own messages on
// stdout: Twilio's logger writes each line, errors included, as a JSON-RPC request `log` with the text in
// `params.message`. The SDK answers an unknown request "method not found" and drops an unknown notification
// without a trace, so a server that failed that way said nothing of why. Bounded: a chatty server fills at most
// MAX_LOGGED lines of its log.
import type { Client } from "@modelcontextprotocol/client";
import { printable } from "../../text/printable.js";

export const MAX_LOGGED = 20;
const MAX_DETAIL = 300;
const METHOD_NOT_FOUND = -32601;

/** The log line for one unknown message: its method and what it says (a text field, else its params). */
export function unknownMessageLine(
  kind: "request" | "notification",
  method: string,
  params: unknown,
): string {
  const name = printable(method, 80);
  const said = messageWords(params);
  return `server sent an unknown ${kind} "${name}"${said === "" ? "" : `: ${said}`}`;
}

/** What an unknown message says: its text field (`message`, `msg`, `text`), else its params as JSON, bounded. */
export function messageWords(params: unknown): string {
  if (params === undefined || params === null) return "";
  const p = params as Record<string, unknown>;
  const text = ["message", "msg", "text"].map((k) => p[k]).find((v) => typeof v === "string");
  return printable(typeof text === "string" ? text : (JSON.stringify(params) ?? ""), MAX_DETAIL);
}

/** What the client does with a message MCP has no method for. */
export type NoteMessage = (kind: "request" | "notification", method: string, params: unknown) => void;

/**
 * Logs the client's unknown requests and notifications (requests still get "method not found"). `heard` gets the
 * words of every one, past the log's bound too: the last of them may be why the server is about to exit. Returns
 * the note itself, for messages the client never sees (early-messages.ts).
 */
export function logUnknownMessages(
  client: Client,
  log: (line: string) => void,
  heard?: (method: string, words: string) => void,
): NoteMessage {
  let logged = 0;
  const note: NoteMessage = (kind, method, params) => {
    logged++;
    if (logged <= MAX_LOGGED) log(unknownMessageLine(kind, method, params));
    else if (logged === MAX_LOGGED + 1) log(`further unknown messages from the server are not logged`);
    if (heard !== undefined) {
      const words = messageWords(params);
      if (words !== "") heard(method, words);
    }
  };
  client.fallbackRequestHandler = async (request) => {
    note("request", request.method, request.params);
    throw Object.assign(new Error("Method not found"), { code: METHOD_NOT_FOUND });
  };
  client.fallbackNotificationHandler = async (notification) => {
    note("notification", notification.method, notification.params);
  };
  return note;
}
