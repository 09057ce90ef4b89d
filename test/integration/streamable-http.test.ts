// Streamable HTTP details a server may rely on, against a hand-written server (the SDK's would not break
// the rules in these ways): the negotiated protocol version is sent back on every request, an optional GET
// stream answered 404/405 is no error, and a response stream closed early is resumed with GET +
// Last-Event-ID after the server's `retry:` delay (SEP-1699, the conformance sse-retry scenario).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

interface Seen {
  method: string;
  rpc?: string;
  version?: string;
  lastEventId?: string;
  at: number;
}

const servers: Server[] = [];
const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A minimal server: `version` for initialize; GET answers `getStatus`; tools/call answered over a resumed GET. */
async function rawServer(o: { version: string; getStatus: 404 | 405 | "resume"; retryMs?: number }) {
  const seen: Seen[] = [];
  let pendingCall: number | string | undefined;
  const http = createServer((req, res) => {
    void (async () => {
      const body =
        req.method === "POST" ? (JSON.parse(await read(req)) as { id?: number; method: string }) : undefined;
      seen.push({
        method: req.method!,
        ...(body && { rpc: body.method }),
        ...(req.headers["mcp-protocol-version"] && { version: String(req.headers["mcp-protocol-version"]) }),
        ...(req.headers["last-event-id"] && { lastEventId: String(req.headers["last-event-id"]) }),
        at: Date.now(),
      });
      const session = { "mcp-session-id": "s-1" };
      if (req.method === "DELETE") return res.writeHead(200).end();
      if (req.method === "GET") {
        if (o.getStatus !== "resume" || req.headers["last-event-id"] === undefined) {
          if (o.getStatus !== "resume") return res.writeHead(o.getStatus).end();
          // The standalone stream: open, idle.
          return res.writeHead(200, { "content-type": "text/event-stream", ...session }).write(": idle\n\n");
        }
        res.writeHead(200, { "content-type": "text/event-stream", ...session });
        const result = {
          jsonrpc: "2.0",
          id: pendingCall,
          result: { content: [{ type: "text", text: "resumed" }] },
        };
        return res.write(`id: e-2\nevent: message\ndata: ${JSON.stringify(result)}\n\n`);
      }
      const reply = (result: unknown) =>
        res
          .writeHead(200, { "content-type": "application/json", ...session })
          .end(JSON.stringify({ jsonrpc: "2.0", id: body!.id, result }));
      if (body!.id === undefined) return res.writeHead(202).end();
      if (body!.method === "initialize")
        return reply({
          protocolVersion: o.version,
          capabilities: { tools: {} },
          serverInfo: { name: "raw", version: "1" },
        });
      if (body!.method === "tools/list")
        return reply({ tools: [{ name: "slow", inputSchema: { type: "object", properties: {} } }] });
      if (body!.method === "tools/call") {
        pendingCall = body!.id;
        res.writeHead(200, { "content-type": "text/event-stream", ...session });
        res.write(`id: e-1\nretry: ${o.retryMs ?? 200}\ndata: \n\n`);
        return void setTimeout(() => res.end(), 30);
      }
      reply({});
    })();
  });
  servers.push(http);
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, seen };
}

async function start(url: string) {
  const m = managerFor(sandbox(), { raw: { type: "http", url } });
  managers.push(m);
  await m.start({ waitMs: 10_000 });
  return m;
}

describe("Streamable HTTP", () => {
  it.each(["2025-03-26", "2025-06-18", "2025-11-25"])(
    "accepts protocol %s and sends it back on every later request",
    async (version) => {
      const srv = await rawServer({ version, getStatus: 405 });
      const m = await start(srv.url);
      expect(m.snapshot("raw").info?.protocolVersion).toBe(version);
      // The server/discover probe carries the version it offers (2026-07-28); initialize none.
      const after = srv.seen.filter((s) => s.rpc !== "initialize" && s.rpc !== "server/discover");
      expect(after.length).toBeGreaterThan(0);
      expect(new Set(after.map((s) => s.version))).toEqual(new Set([version]));
    },
  );

  it.each([404, 405] as const)(
    "treats a GET stream answered %i as absent, not as an error",
    async (status) => {
      const srv = await rawServer({ version: "2025-11-25", getStatus: status });
      const m = await start(srv.url);
      expect(m.snapshot("raw").state.status).toBe("ready");
      expect(srv.seen.some((s) => s.method === "GET")).toBe(true);
      expect(m.snapshot("raw").lists.tools.map((t) => t.name)).toEqual(["slow"]);
    },
  );

  it("resumes a response stream closed early: GET with Last-Event-ID after the server's retry delay", async () => {
    const srv = await rawServer({ version: "2025-11-25", getStatus: "resume", retryMs: 300 });
    const m = await start(srv.url);
    const r = await m.callTool("raw", "slow", {});
    expect(r.content).toEqual([{ type: "text", text: "resumed" }]);
    const call = srv.seen.find((s) => s.rpc === "tools/call")!;
    const resume = srv.seen.find((s) => s.method === "GET" && s.lastEventId !== undefined)!;
    expect(resume.lastEventId).toBe("e-1");
    // The stream closes 30 ms after the call; the reconnect must wait the 300 ms the server asked for.
    expect(resume.at - call.at).toBeGreaterThanOrEqual(300);
  });
});

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}
