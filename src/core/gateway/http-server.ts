// The HTTP gateway (§22): Streamable HTTP on `/mcp` for both eras — 2026-07-28 requests go to the SDK's
// stateless handler (a fresh front per request, nothing kept), 2025-era ones to replica-named sessions — behind
// the gateway's own checks: Host/Origin, auth, per-caller concurrency and body size. `/healthz` and `/metrics`
// sit beside it. Every caller gets its own Server instance; nothing one caller gets is served to another.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server";
import { buildFront, followChanges, type FrontCaller, type FrontOptions } from "./front.js";
import { resourceMetadata, unauthorized, type Authenticator, type JwtOptions } from "./http-auth.js";
import { refuseByOrigin, type Bind, type OriginPolicy } from "./http-checks.js";
import { LegacySessions } from "./legacy-sessions.js";
import type { GatewayMetrics } from "./metrics.js";

export interface HttpGatewayOptions {
  bind: Bind;
  replica: string;
  policy: OriginPolicy;
  auth: Authenticator;
  /** Whether a request's Authorization header may read `/metrics`. */
  metricsAuth: (authorization: string | null) => Promise<boolean>;
  jwt?: JwtOptions;
  maxBodyBytes: number;
  maxInflight: number;
  front: FrontOptions;
  metrics: GatewayMetrics;
  health: () => { ready: boolean; servers: { name: string; status: string }[] };
}

export interface HttpGateway {
  url: string;
  port: number;
  /** Stops taking requests, lets tool calls in flight finish for at most `graceMs`, then ends the rest. */
  close(graceMs: number): Promise<void>;
}

const rpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code: -32600, message }, id: null }, { status, headers });

class TooLarge extends Error {}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > max) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > max) throw new TooLarge();
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

async function send(res: ServerResponse, r: Response): Promise<void> {
  res.writeHead(r.status, Object.fromEntries(r.headers));
  if (r.body === null) return void res.end();
  const reader = r.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The caller went away mid-stream.
  }
  res.end();
}

export async function startHttpGateway(o: HttpGatewayOptions): Promise<HttpGateway> {
  const openFront = (caller: FrontCaller) => {
    const server = buildFront(o.front, caller, true);
    return { server, stop: followChanges(o.front, server, caller) };
  };
  const legacy = new LegacySessions(o.replica, openFront);
  const modern = createMcpHandler(
    (ctx) => buildFront(o.front, (ctx.authInfo?.extra as { caller: FrontCaller }).caller),
    { legacy: "reject" },
  );
  const offTools = o.front.host.on("tools", () => modern.notify.toolsChanged());
  const onLists = () => {
    modern.notify.resourcesChanged();
    modern.notify.promptsChanged();
  };
  o.front.host.manager.on("lists", onLists);
  const inflight = new Map<string, number>();
  // Requests that end with an answer (not listen streams), so a shutdown can wait for their answers.
  let answering = 0;
  let drained: (() => void) | undefined;

  const route = async (req: IncomingMessage, res: ServerResponse, abort: AbortSignal): Promise<Response> => {
    const url = new URL(req.url ?? "/", "http://gateway");
    if (url.pathname === "/healthz") {
      const h = o.health();
      return Response.json(h, { status: h.ready ? 200 : 503 });
    }
    if (url.pathname === "/metrics") {
      // Server and tool names of every profile: for the operator's scraper, not for anyone who can connect.
      if (!(await o.metricsAuth(req.headers.authorization ?? null))) {
        o.metrics.refuse("unauthorized");
        return new Response("Unauthorized: send Authorization: Bearer TOKEN\n", {
          status: 401,
          headers: { "WWW-Authenticate": 'Bearer realm="codeagent-gateway-metrics"' },
        });
      }
      return new Response(o.metrics.text(), { headers: { "content-type": "text/plain; version=0.0.4" } });
    }
    if (url.pathname === "/.well-known/oauth-protected-resource" && o.jwt !== undefined)
      return resourceMetadata(o.jwt);
    if (url.pathname !== "/mcp")
      return new Response("not found: the MCP endpoint is /mcp\n", { status: 404 });
    const refused = refuseByOrigin(o.policy, req.headers.host, req.headers.origin);
    if (refused !== undefined) {
      o.metrics.refuse("origin");
      return rpcError(403, `Forbidden: ${refused}`);
    }
    const caller = await o.auth(req.headers.authorization ?? null);
    if (caller === undefined) {
      o.metrics.refuse("unauthorized");
      return unauthorized(o.jwt, req.headers.authorization !== undefined);
    }
    const n = inflight.get(caller.id) ?? 0;
    if (n >= o.maxInflight) {
      o.metrics.refuse("busy");
      return rpcError(429, `Too many requests in flight for this caller (at most ${o.maxInflight})`, {
        "Retry-After": "1",
      });
    }
    inflight.set(caller.id, n + 1);
    res.on("close", () => {
      const left = (inflight.get(caller.id) ?? 1) - 1;
      if (left === 0) inflight.delete(caller.id);
      else inflight.set(caller.id, left);
    });
    let body: Buffer | undefined;
    if (req.method === "POST") {
      try {
        body = await readBody(req, o.maxBodyBytes);
      } catch (e) {
        if (!(e instanceof TooLarge)) throw e;
        o.metrics.refuse("too_large");
        return rpcError(413, `Request body too large (at most ${o.maxBodyBytes} bytes)`);
      }
    }
    // No body on the web Request: the SDK is handed the parsed body (`parsedBody`) and never reads it, and
    // a body would cost a web stream per request.
    const request = new Request(
      new URL(url.pathname + url.search, `http://${req.headers.host ?? "gateway"}`),
      {
        method: req.method ?? "GET",
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : v] as [string, string]],
        ),
        signal: abort,
      },
    );
    let parsed: unknown;
    if (body !== undefined) {
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        return Response.json(
          { jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the body is not JSON" }, id: null },
          { status: 400 },
        );
      }
    }
    const method = (parsed as { method?: unknown } | undefined)?.method;
    if (req.method === "POST" && method !== "subscriptions/listen") {
      answering++;
      res.on("close", () => {
        if (--answering === 0) drained?.();
      });
    }
    if (await isLegacyRequest(request, parsed)) return legacy.handle(request, caller, parsed);
    return modern.fetch(request, {
      authInfo: { token: "", clientId: caller.id, scopes: [], extra: { caller } },
      ...(parsed !== undefined && { parsedBody: parsed }),
    });
  };

  const http = createServer((req, res) => {
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    route(req, res, abort.signal)
      .then((r) => send(res, r))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: null }),
        );
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(o.bind.port, o.bind.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const host = o.bind.host.includes(":") ? `[${o.bind.host}]` : o.bind.host;
  return {
    url: `http://${host}:${port}/mcp`,
    port,
    async close(graceMs) {
      http.close();
      http.closeIdleConnections();
      // Requests in flight may finish and their answers reach the callers; listen streams do not hold it up.
      if (answering > 0)
        await new Promise<void>((r) => {
          drained = r;
          setTimeout(r, graceMs).unref();
        });
      http.closeAllConnections();
      offTools();
      o.front.host.manager.off("lists", onLists);
      await Promise.all([legacy.closeAll(), modern.close()]);
    },
  };
}
