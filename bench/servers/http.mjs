// Bench Streamable HTTP MCP server on 127.0.0.1 (ephemeral port, printed to stdout as "PORT <n>"): stateful,
// one McpServer and transport per session, SSE-framed POST responses (the SDK default).
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { registerTools } from "./tools.mjs";

const sessions = new Map();

const http = createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
  const sid = req.headers["mcp-session-id"];
  let transport = typeof sid === "string" ? sessions.get(sid) : undefined;
  if (sid !== undefined && transport === undefined) {
    res.writeHead(404).end();
    return;
  }
  if (transport === undefined) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const server = new McpServer({ name: "bench-http", version: "1.0.0" });
    registerTools(server);
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, body);
});
// A long keep-alive: on a loaded machine the 5 s default can expire while a request is on its way (ECONNRESET).
http.keepAliveTimeout = 60_000;
http.listen(0, "127.0.0.1", () => process.stdout.write(`PORT ${http.address().port}\n`));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
