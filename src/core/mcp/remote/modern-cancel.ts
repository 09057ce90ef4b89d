// On a 2026-07-28 Streamable HTTP connection, closing a request's SSE stream is the cancellation; the revision
// defines no client notifications over HTTP and no headers for a notification POST, so strict servers (tmcp)
// answer a `notifications/cancelled` POST with 400. The SDK still sends one when a `subscriptions/listen`
// stream is closed (on every shutdown): it is dropped here, after the stream itself was aborted.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

export function isCancelNotification(message: JSONRPCMessage): boolean {
  return !("id" in message) && "method" in message && message.method === "notifications/cancelled";
}

/** `modern`: whether the connection landed on 2026-07-28, asked at send time (the era is probed first). */
export function dropModernCancels(transport: Transport, modern: () => boolean): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    modern() && isCancelNotification(message) ? Promise.resolve() : send(message, options);
}
