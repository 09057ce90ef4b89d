// Upstream log messages to a 2026-07-28 caller (§22). That era has no session and no `logging/setLevel`: a
// request names the level it wants in its `_meta` envelope (`io.modelcontextprotocol/logLevel`), and what the
// server logs while answering it goes out on that request's own response stream, as progress does. So while a
// caller's request runs on an upstream server, that server's messages go to the request, at or above the
// level it named; nothing when it named none. A 2025-era caller gets them through its session (front.ts).
import { LOG_LEVEL_META_KEY, type ServerContext } from "@modelcontextprotocol/server";
import { forwardedLog, type UpstreamLogs } from "./upstream-logs.js";

/**
 * Runs `fn`, the part of a request that talks to upstream `server`, forwarding that server's log messages to
 * the request meanwhile; they are all written before the answer (a caller drops what comes after it).
 */
export async function withRequestLogs<T>(
  logs: UpstreamLogs,
  server: string,
  ctx: ServerContext,
  fn: () => Promise<T>,
): Promise<T> {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  if (envelope?.[LOG_LEVEL_META_KEY] === undefined) return fn();
  let sent = Promise.resolve();
  const off = logs.on((upstream, params) => {
    if (upstream !== server) return;
    const m = forwardedLog(upstream, params);
    // The SDK applies the request's level: below it, nothing is written.
    sent = sent.then(() => ctx.mcpReq.log(m.level, m.data, m.logger)).catch(() => undefined);
  });
  try {
    return await fn();
  } finally {
    off();
    await sent;
  }
}
