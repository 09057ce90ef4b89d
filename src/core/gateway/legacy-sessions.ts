// 2025-era callers over HTTP (§22): one session per `initialize`, its own Server instance and transport, bound
// to the caller that opened it. The session id starts with the replica's name (`a.3f2c…`), so a reverse proxy
// can route every later request of the session with a `map` on the header (examples/gateway-nginx/).
import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport, type Server } from "@modelcontextprotocol/server";
import type { FrontCaller } from "./front.js";

interface Session {
  caller: string;
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  stop: () => void;
  lastUsed: number;
}

/** Sessions idle this long are closed (the caller re-initializes). */
export const SESSION_IDLE_MS = 30 * 60_000;
export const MAX_SESSIONS = 10_000;

export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly replica: string,
    private readonly open: (caller: FrontCaller) => { server: Server; stop: () => void },
  ) {
    this.sweep = setInterval(() => this.closeIdle(Date.now()), 60_000);
    this.sweep.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(request: Request, caller: FrontCaller, parsedBody: unknown): Promise<Response> {
    const id = request.headers.get("mcp-session-id");
    if (id !== null) {
      const s = this.sessions.get(id);
      // Another caller's session reads as no session: its existence is not told.
      if (s === undefined || s.caller !== caller.id)
        return Response.json(
          { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null },
          { status: 404 },
        );
      s.lastUsed = Date.now();
      return s.transport.handleRequest(request, { parsedBody });
    }
    if (this.sessions.size >= MAX_SESSIONS) this.closeIdle(Date.now(), true);
    const { server, stop } = this.open(caller);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => `${this.replica}.${randomUUID()}`,
      onsessioninitialized: (sid) => {
        this.sessions.set(sid, { caller: caller.id, transport, server, stop, lastUsed: Date.now() });
      },
      onsessionclosed: (sid) => void this.close(sid),
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    // A request that opened no session (not an initialize) leaves nothing behind.
    if (transport.sessionId === undefined) {
      stop();
      void server.close();
    }
    return response;
  }

  async close(id: string): Promise<void> {
    const s = this.sessions.get(id);
    if (s === undefined) return;
    this.sessions.delete(id);
    s.stop();
    await s.server.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  private closeIdle(now: number, oldest = false): void {
    const idle = [...this.sessions].filter(([, s]) => now - s.lastUsed > SESSION_IDLE_MS);
    if (oldest && idle.length === 0) {
      const first = [...this.sessions].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
      if (first !== undefined) idle.push(first);
    }
    for (const [id] of idle) void this.close(id);
  }
}
