import type { JSONRPCMessage, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { watchRequestStreams } from "./stream-watch.js";

/** A transport that records what is sent and lets the test end each request's stream. */
function recorder() {
  const ends = new Map<number, () => void>();
  const t: Transport = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (m: JSONRPCMessage, o?: TransportSendOptions) => {
      if ("id" in m && typeof m.id === "number" && o?.onRequestStreamEnd)
        ends.set(m.id, o.onRequestStreamEnd);
      return Promise.resolve();
    },
  };
  return { t, ends };
}

describe("watchRequestStreams", () => {
  it("fails a request whose stream ended unanswered, once, and leaves answered ones alone", async () => {
    const { t, ends } = recorder();
    const lost: string[] = [];
    watchRequestStreams(t, (method) => lost.push(method));
    const seen: JSONRPCMessage[] = [];
    t.onmessage = ((prev) => (m: JSONRPCMessage) => (prev?.(m), seen.push(m)))(t.onmessage);
    await t.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} });
    await t.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    t.onmessage({ jsonrpc: "2.0", id: 2, result: {} });
    ends.get(2)?.();
    ends.get(1)?.();
    ends.get(1)?.();
    expect(lost).toEqual(["tools/call"]);
    expect(seen).toEqual([
      { jsonrpc: "2.0", id: 2, result: {} },
      {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32000, message: "response stream lost", data: expect.any(Object) },
      },
    ]);
  });

  it("tells its own stand-in error from a server's error with the same code and message", async () => {
    const { t, ends } = recorder();
    const watch = watchRequestStreams(t, () => undefined);
    let standIn: unknown;
    t.onmessage = ((prev) => (m: JSONRPCMessage) => (prev?.(m), (standIn = m)))(t.onmessage);
    await t.send({ jsonrpc: "2.0", id: 7, method: "ping" });
    ends.get(7)?.();
    const data = (standIn as { error: { data: unknown } }).error.data;
    const err = (d: unknown) => Object.assign(new Error("response stream lost"), { code: -32000, data: d });
    expect([watch.isStreamLost(err(data)), watch.isStreamLost(err({ streamLost: "guess" }))]).toEqual([
      true,
      false,
    ]);
  });

  it("reports a failed POST with its error and passes the error on", async () => {
    const boom = new Error("fetch failed");
    const t: Transport = {
      start: () => Promise.resolve(),
      close: () => Promise.resolve(),
      send: () => Promise.reject(boom),
    };
    const lost: unknown[] = [];
    watchRequestStreams(t, (method, e) => lost.push([method, e]));
    await expect(t.send({ jsonrpc: "2.0", id: 3, method: "tools/call" })).rejects.toBe(boom);
    expect(lost).toEqual([["tools/call", boom]]);
  });
});
