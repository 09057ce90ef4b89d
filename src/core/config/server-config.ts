// A parsed server entry turned into the normalised ServerConfig (defaults filled in, the transport decided), for
// the zod schema's transform and the plain check alike; and the URL test both use.
import type { ServerEntry } from "./schema.js";
import type { RemoteServerConfig, ServerConfig, ServerOptions } from "./types.js";

export const DEFAULTS = {
  startupTimeoutMs: 60_000,
  timeoutMs: 60_000,
  maxTotalTimeoutMs: 600_000,
  maxMessageBytes: 32 * 1024 * 1024,
} as const;

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

export function toServerConfig(e: ServerEntry): ServerConfig {
  const options: ServerOptions = {
    disabled: e.disabled === true || e.enabled === false,
    startupTimeoutMs: e.startupTimeoutMs ?? DEFAULTS.startupTimeoutMs,
    timeoutMs: e.timeoutMs ?? DEFAULTS.timeoutMs,
    maxTotalTimeoutMs: e.maxTotalTimeoutMs ?? DEFAULTS.maxTotalTimeoutMs,
    maxMessageBytes: e.maxMessageBytes ?? DEFAULTS.maxMessageBytes,
    ...(e.includeTools !== undefined && { includeTools: e.includeTools }),
    ...(e.excludeTools !== undefined && { excludeTools: e.excludeTools }),
    ...(e.trust !== undefined && { trust: e.trust }),
    ...(e.alwaysLoad === true && { alwaysLoad: true }),
    ...(e.pinning !== undefined && { pinning: e.pinning }),
    ...(e.roots === false && { roots: false as const }),
    ...(Array.isArray(e.roots) && { roots: e.roots }),
    ...(e.sandbox !== undefined && { sandbox: e.sandbox }),
    ...(e.startup !== undefined && { startup: e.startup }),
    ...(e.idleTimeoutMs !== undefined && { idleTimeoutMs: e.idleTimeoutMs }),
  };
  if (e.command !== undefined) {
    const cwd = e.cwd !== undefined ? { cwd: e.cwd } : {};
    return {
      transport: "stdio",
      command: e.command,
      args: e.args ?? [],
      env: e.env ?? {},
      ...cwd,
      ...options,
    };
  }
  const transport = e.type === "sse" ? "sse" : "http";
  const remote: RemoteServerConfig = {
    transport,
    url: e.url ?? "",
    headers: e.headers ?? {},
    fallbackToSse: e.type === undefined,
    ...options,
  };
  if (e.oauth !== undefined) remote.oauth = e.oauth;
  return remote;
}
