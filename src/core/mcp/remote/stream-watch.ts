// Streamable HTTP answers each request on a response stream of its own. When that stream is cut (the server
// died, a proxy reset the connection) before the answer, the SDK logs a transport error and the request waits
// for its timeout, which may be minutes (§4.4: it must fail at once). This watch notices such a stream and fails
// its request through the client's own response path, so timers, progress handlers and the caller's promise are
// settled exactly as for an answer.
import { randomUUID } from "node:crypto";
import type { JSONRPCMessage, Transport, TransportSendOptions } from "@modelcontextprotocol/client";

/** JSON-RPC code of the stand-in error; the marker in `data` is what tells it apart from a server's error. */
const STREAM_LOST_CODE = -32000;

export interface StreamWatch {
  /** True for the error a request failed with because its stream was lost (never for a server's own error). */
  isStreamLost(e: unknown): boolean;
}

/**
 * Watches every request the client sends on `transport` (which must not have started yet). `onLost` runs once
 * per request whose stream ended or broke before its answer, after that request has been failed, and for a
 * request whose POST itself failed (`error` set: the client fails that request with it).
 */
export function watchRequestStreams(
  transport: Transport,
  onLost: (method: string, error?: unknown) => void,
): StreamWatch {
  const marker = randomUUID();
  // Requests sent and not answered yet: id → method.
  const pending = new Map<number, string>();
  // Set before connect(), the SDK chains this in front of its own handler (and keeps it across the era probe).
  const before = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isResponse(message) && typeof message.id === "number") pending.delete(message.id);
    before?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    // Numeric ids are the client's requests; the era probe and subscriptions/listen use strings and watch
    // their own streams.
    if (!("method" in message) || !("id" in message) || typeof message.id !== "number") {
      return send(message, options);
    }
    const { id, method } = message;
    pending.set(id, method);
    const ended = options?.onRequestStreamEnd;
    return send(message, {
      ...options,
      onRequestStreamEnd: () => {
        ended?.();
        if (!pending.delete(id)) return;
        transport.onmessage?.({
          jsonrpc: "2.0",
          id,
          error: { code: STREAM_LOST_CODE, message: "response stream lost", data: { streamLost: marker } },
        });
        onLost(method);
      },
    }).catch((e: unknown) => {
      // The send itself failed: the client rejects the request with that error.
      pending.delete(id);
      onLost(method, e);
      throw e;
    });
  };
  return {
    isStreamLost: (e) =>
      e instanceof Error &&
      (e as { code?: unknown }).code === STREAM_LOST_CODE &&
      (e as { data?: { streamLost?: unknown } }).data?.streamLost === marker,
  };
}

function isResponse(m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number } {
  return "id" in m && !("method" in m) && ("result" in m || "error" in m);
}
