// The filtering proxy (§18.1): one per session, with one unix socket per sandboxed process, so each connection
// is judged by that process's allowlist and every denied host is reported to its owner. It speaks HTTP
// (CONNECT for TLS and anything else, absolute-URI requests for plain HTTP) and SOCKS5, told apart by the first
// byte. Host names are judged before any lookup; a name that resolves to a loopback address is refused unless
// the allowlist names a loopback host, so DNS cannot be used to reach the host's own services.
import { lookup } from "node:dns/promises";
import { isIP, createConnection, createServer, type Server, type Socket } from "node:net";
import { rm } from "node:fs/promises";
import { hostAllowed, isLoopbackName } from "./hosts.js";

export interface RouteOptions {
  /** Host patterns (`hosts.ts`) this route lets through. */
  allow: readonly string[];
  /** A connection was refused: `host:port`, and why in a few words. */
  onDenied: (target: string, why: string) => void;
}

export interface ProxyRoute {
  /** The unix socket listened on, or (macOS, where Seatbelt judges TCP by port) the loopback port. */
  socketPath?: string;
  port?: number;
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 64 * 1024;

export class FilteringProxy {
  private readonly servers = new Set<Server>();

  /** Listens on the unix socket `at` (or, for `"loopback"`, a free port of 127.0.0.1) judged by `o.allow`. */
  async route(at: string, o: RouteOptions): Promise<ProxyRoute> {
    const server = createServer((client) => handle(client, o));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      if (at === "loopback") server.listen(0, "127.0.0.1", () => resolve());
      else server.listen(at, () => resolve());
    });
    this.servers.add(server);
    server.unref();
    const address = server.address();
    const where =
      at === "loopback" && address !== null && typeof address === "object"
        ? { port: address.port }
        : { socketPath: at };
    return {
      ...where,
      close: async () => {
        this.servers.delete(server);
        await new Promise<void>((r) => server.close(() => r()));
        if (at !== "loopback") await rm(at, { force: true });
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.servers].map((s) => new Promise<void>((r) => s.close(() => r()))));
    this.servers.clear();
  }
}

function handle(client: Socket, o: RouteOptions): void {
  client.on("error", () => client.destroy());
  let head: Buffer = Buffer.alloc(0);
  let greeted = false;
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    if (head.length > MAX_HEAD_BYTES) return void client.destroy();
    const parsed = head[0] === 0x05 ? parseSocks(head, greeted) : parseHttp(head);
    if (parsed === "more") return;
    client.off("data", onData);
    client.pause();
    if (parsed === "bad")
      return void client.end(head[0] === 0x05 ? SOCKS_FAIL : httpReply(400, "Bad Request"));
    if (parsed.kind === "socks-greeting") {
      greeted = true;
      client.write(Buffer.from([0x05, 0x00]));
      head = parsed.rest;
      client.on("data", onData);
      client.resume();
      if (head.length > 0) onData(Buffer.alloc(0));
      return;
    }
    void forward(client, parsed, o);
  };
  client.on("data", onData);
}

type Request =
  | { kind: "socks-greeting"; rest: Buffer }
  | { kind: "socks" | "connect" | "http"; host: string; port: number; rest: Buffer; head?: Buffer };

const SOCKS_FAIL = Buffer.from([0x05, 0x02, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
const SOCKS_OK = Buffer.from([0x05, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);

/** SOCKS5: the greeting first (whatever methods: "no authentication" is chosen), then one CONNECT request. */
export function parseSocks(b: Buffer, greeted: boolean): Request | "more" | "bad" {
  if (b.length < 2) return "more";
  if (!greeted) {
    const n = b[1]!;
    if (b.length < 2 + n) return "more";
    return { kind: "socks-greeting", rest: b.subarray(2 + n) };
  }
  if (b.length < 4) return "more";
  // Only CONNECT: BIND and UDP ASSOCIATE would open ways the allowlist does not judge.
  if (b[1] !== 0x01 || b[2] !== 0x00) return "bad";
  const atyp = b[3];
  let host: string;
  let at: number;
  if (atyp === 1) {
    if (b.length < 10) return "more";
    host = [...b.subarray(4, 8)].join(".");
    at = 8;
  } else if (atyp === 3) {
    const len = b[4] ?? 0;
    if (b.length < 5 + len + 2) return "more";
    host = b.subarray(5, 5 + len).toString("latin1");
    at = 5 + len;
  } else if (atyp === 4) {
    if (b.length < 22) return "more";
    const parts: string[] = [];
    for (let i = 0; i < 16; i += 2) parts.push(b.readUInt16BE(4 + i).toString(16));
    host = parts.join(":");
    at = 20;
  } else return "bad";
  return { kind: "socks", host, port: b.readUInt16BE(at), rest: b.subarray(at + 2) };
}

/** HTTP: `CONNECT host:port` or a request with an absolute `http://` URI, once the whole head has come. */
export function parseHttp(b: Buffer): Request | "more" | "bad" {
  const end = b.indexOf("\r\n\r\n");
  if (end === -1) return "more";
  const headText = b.subarray(0, end).toString("latin1");
  const [requestLine = "", ...headers] = headText.split("\r\n");
  const m = /^([A-Z]+) (\S+) (HTTP\/1\.[01])$/.exec(requestLine);
  if (m === null) return "bad";
  const [, method, target = "", version] = m;
  const rest = b.subarray(end + 4);
  if (method === "CONNECT") {
    const hp = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
    if (hp === null) return "bad";
    return { kind: "connect", host: hp[1]!.replace(/^\[|\]$/g, ""), port: Number(hp[2]), rest };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "bad";
  }
  if (url.protocol !== "http:") return "bad";
  const kept = headers.filter((h) => !/^(proxy-[a-z-]+|connection|keep-alive):/i.test(h));
  const origin = `${method} ${url.pathname}${url.search} ${version}\r\n${[...kept, "Connection: close"].join("\r\n")}\r\n\r\n`;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return { kind: "http", host, port: Number(url.port || 80), rest, head: Buffer.from(origin, "latin1") };
}

async function forward(
  client: Socket,
  r: Extract<Request, { host: string }>,
  o: RouteOptions,
): Promise<void> {
  const target = `${r.host}:${r.port}`;
  const deny = (why: string) => {
    o.onDenied(target, why);
    client.end(
      r.kind === "socks" ? SOCKS_FAIL : httpReply(403, `Forbidden by the codeagent sandbox: ${why}`),
    );
  };
  if (!hostAllowed(r.host, r.port, o.allow)) return deny("not in the network allowlist");
  let address = r.host;
  if (isIP(r.host) === 0) {
    try {
      address = (await lookup(r.host)).address;
    } catch {
      client.end(r.kind === "socks" ? SOCKS_FAIL : httpReply(502, "Bad Gateway: the name does not resolve"));
      return;
    }
  }
  if (isLoopbackName(address) && !isLoopbackName(r.host)) return deny(`resolves to the loopback ${address}`);
  const upstream = createConnection({ host: address, port: r.port });
  upstream.once("error", () => {
    client.end(r.kind === "socks" ? SOCKS_FAIL : httpReply(502, "Bad Gateway"));
  });
  upstream.once("connect", () => {
    upstream.removeAllListeners("error");
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    if (r.kind === "socks") client.write(SOCKS_OK);
    else if (r.kind === "connect") client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    else upstream.write(r.head!);
    if (r.rest.length > 0) upstream.write(r.rest);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });
}

function httpReply(status: number, text: string): string {
  const body = `${text}\n`;
  return `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
