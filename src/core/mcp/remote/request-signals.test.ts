import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withChildSignals } from "./request-signals.js";

// A real server: `/ok` answers at once; `/hold` sends its headers and never ends the body; `/never` never answers.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/ok") return void res.end("ok");
    if (req.url === "/hold") return void res.writeHead(200).flushHeaders();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const realFetch = (u: string | URL, i?: RequestInit) => fetch(u, i);

describe("withChildSignals", () => {
  it("leaves one listener on the long-lived signal however many requests it was given to", async () => {
    const parent = new AbortController();
    const f = withChildSignals(realFetch, 8);
    for (let i = 0; i < 100; i++)
      expect(await (await f(`${base}/ok`, { signal: parent.signal })).text()).toBe("ok");
    expect(getEventListeners(parent.signal, "abort").length).toBe(1);
    // 100 requests, 8 to a child: at most 13 children, fewer once collected requests let theirs go.
    expect(f.childrenOf(parent.signal)).toBeLessThanOrEqual(13);
  });

  it("aborts a request waiting for its answer, and a body being read, when the long-lived signal aborts", async () => {
    const parent = new AbortController();
    const f = withChildSignals(realFetch, 1);
    const streaming = await f(`${base}/hold`, { signal: parent.signal });
    const reading = (streaming.body as ReadableStream<Uint8Array>).getReader().read();
    const waiting = f(`${base}/never`, { signal: parent.signal });
    parent.abort(new Error("transport closed"));
    await expect(waiting).rejects.toThrow("transport closed");
    await expect(reading).rejects.toThrow("transport closed");
  });

  it("keeps a child whose request has not reached fetch yet, so it is still aborted", async () => {
    const parent = new AbortController();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    // A fetch that waits (as one fetching a token would) before the request is made.
    const slow = async (u: string | URL, i?: RequestInit) => {
      await gate;
      return fetch(u, i);
    };
    const f = withChildSignals(slow, 1);
    const delayed = f(`${base}/never`, { signal: parent.signal });
    // Another request moves on to a new child and looks for children to drop.
    release();
    await (await f(`${base}/ok`, { signal: parent.signal })).text();
    parent.abort(new Error("transport closed"));
    await expect(delayed).rejects.toThrow("transport closed");
  });

  it("passes a request without a signal, or with one already aborted, as it is", async () => {
    const f = withChildSignals(realFetch);
    expect(await (await f(`${base}/ok`)).text()).toBe("ok");
    await expect(f(`${base}/ok`, { signal: AbortSignal.abort(new Error("gone")) })).rejects.toThrow("gone");
  });
});
