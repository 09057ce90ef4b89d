// The floor for a gateway built on the SDK (bench/gateway.mjs): one upstream server's tools re-served as
// `up__TOOL` by the SDK's own Server, each call passed to the SDK's Client and its result returned as it came —
// no profiles, pins, limits, logs or metrics. `stdio CMD ARGS…`: serves stdio, the upstream a stdio command.
// `http URL`: serves Streamable HTTP on 127.0.0.1 (port printed as "PORT <n>"), one session per caller, the
// upstream a Streamable HTTP URL.
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";

const [mode, ...rest] = process.argv.slice(2);
const client = new Client({ name: "sdk-proxy", version: "1" });
await client.connect(
  mode === "http"
    ? new StreamableHTTPClientTransport(new URL(rest[0]))
    : new StdioClientTransport({ command: rest[0], args: rest.slice(1) }),
);
const { tools } = await client.listTools();
const served = tools.map((t) => ({ ...t, name: `up__${t.name}` }));

const front = () => {
  const server = new Server({ name: "sdk-proxy", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => Promise.resolve({ tools: served }));
  server.setRequestHandler("tools/call", (req, ctx) =>
    client.callTool(
      { name: req.params.name.replace(/^up__/, ""), arguments: req.params.arguments },
      { signal: ctx.mcpReq.signal },
    ),
  );
  return server;
};

if (mode === "http") {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const sid = req.headers["mcp-session-id"];
    let transport = typeof sid === "string" ? sessions.get(sid) : undefined;
    if (sid !== undefined && transport === undefined) return void res.writeHead(404).end();
    if (transport === undefined) {
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      await front().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  http.keepAliveTimeout = 60_000;
  http.listen(0, "127.0.0.1", () => process.stdout.write(`PORT ${http.address().port}\n`));
  process.stdin.on("end", () => process.exit(0));
  process.stdin.resume();
} else {
  serveStdio(front);
  process.stdin.on("end", () => process.exit(0));
}
