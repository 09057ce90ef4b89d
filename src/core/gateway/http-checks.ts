// Pure decisions of the HTTP gateway (§22): where it may listen without auth, which Host and Origin headers
// it answers (DNS rebinding: a page on evil.example resolving to 127.0.0.1 must not reach a local gateway),
// and how a `--http` address reads.
import { CodeagentError } from "../errors.js";

export interface Bind {
  host: string;
  port: number;
}

/** `--http [HOST:]PORT`: `8080`, `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:8080`. Default host: 127.0.0.1. */
export function parseBind(text: string): Bind {
  const m = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(text.trim());
  const port = m === null ? NaN : Number(m[2]);
  if (m === null || !(port >= 0 && port <= 65535))
    throw new CodeagentError(
      "USAGE",
      `--http ${text}: give [HOST:]PORT, e.g. --http 8080 or --http 127.0.0.1:8080 (port 0 picks a free one)`,
    );
  const host = (m[1] ?? "127.0.0.1").replace(/^\[(.*)\]$/, "$1");
  return { host, port };
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1"]);

export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The hostname of a Host header (`example.com:8080` → `example.com`, `[::1]:80` → `::1`), lower case. */
export function hostnameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]"));
  const colon = h.lastIndexOf(":");
  return colon === -1 ? h : h.slice(0, colon);
}

export interface OriginPolicy {
  /** Host header names answered; empty: any (a non-loopback bind behind auth). */
  hosts: readonly string[];
  /** Origins (scheme://host[:port]) answered; a request without Origin (not a browser) always passes. */
  origins: readonly string[];
}

/** The default policy: a loopback bind answers loopback names only, and browsers only from loopback pages. */
export function originPolicy(
  bind: Bind,
  allowHosts: readonly string[],
  allowOrigins: readonly string[],
): OriginPolicy {
  const local = isLoopback(bind.host);
  return {
    hosts: allowHosts.length > 0 ? allowHosts.map((h) => h.toLowerCase()) : local ? [...LOOPBACK_NAMES] : [],
    origins: allowOrigins,
  };
}

/** Why the request is refused (403), or undefined. */
export function refuseByOrigin(
  p: OriginPolicy,
  host: string | undefined,
  origin: string | undefined,
): string | undefined {
  if (p.hosts.length > 0 && (host === undefined || !p.hosts.includes(hostnameOf(host))))
    return `Host "${host ?? ""}" is not served here (--allow-host)`;
  if (origin === undefined) return undefined;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return `Origin "${origin}" is not a URL`;
  }
  if (p.origins.includes(o.origin)) return undefined;
  // A page served from this machine may call a loopback gateway; any other page needs --allow-origin.
  if (p.origins.length === 0 && isLoopback(o.hostname) && p.hosts.some(isLoopback)) return undefined;
  return `Origin "${o.origin}" is not allowed (--allow-origin)`;
}
