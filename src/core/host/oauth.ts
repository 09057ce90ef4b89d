// Signing in to a remote server (§8.5) without starting the host: the OAuth parts the CLI's `mcp login`,
// `mcp logout` and the conformance client put together, and the one connection that drives the login.
import type { RemoteServerConfig } from "../config/types.js";
import { createAuthFetch } from "../mcp/oauth/auth-fetch.js";
import type { CodeagentOAuthProvider } from "../mcp/oauth/provider.js";
import { ServerLog } from "../mcp/servers/logs.js";
import { ToolCache } from "../mcp/servers/tool-cache.js";
import { paths, type Env } from "../paths.js";

export { headlessAuthorizer, userAuthorizer } from "../mcp/oauth/authorizers.js";
export { openBrowser } from "../mcp/oauth/browser.js";
export { startCallbackServer, type CallbackServer } from "../mcp/oauth/callback-server.js";
export { CodeagentOAuthProvider } from "../mcp/oauth/provider.js";
export { remoteAuth } from "../mcp/oauth/remote-auth.js";
export { FileOAuthStore, oauthDir } from "../mcp/oauth/store.js";

/**
 * Connects to `name` through `provider`, which signs in when the server asks for it, and counts its tools.
 * The lists a server marked private belong to the authorization that ends here, so they are forgotten.
 */
export async function signIn(o: {
  name: string;
  config: RemoteServerConfig;
  provider: CodeagentOAuthProvider;
  env: Env;
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<{ tools: number; authorized: boolean }> {
  // The connection (and the SDK) loads only for a login, not with `mcp logout`.
  const { McpConnection } = await import("../mcp/connection/connection.js");
  const log = new ServerLog(o.name, { dir: paths.logsDir(o.env) });
  const conn = await McpConnection.open({
    name: o.name,
    config: o.config,
    log,
    signal: o.signal,
    timeoutMs: o.timeoutMs,
    fetch: createAuthFetch({
      provider: o.provider,
      serverUrl: o.config.url,
      ...(o.config.oauth?.scopes !== undefined && { scopes: o.config.oauth.scopes }),
      log: (t) => log.event(`oauth: ${t}`),
    }),
  });
  let tools: number;
  try {
    tools = (await conn.listTools({ signal: o.signal })).items.length;
  } finally {
    await conn.close();
  }
  const authorized = o.provider.currentTokens() !== undefined;
  if (authorized) forgetPrivateLists(o.name, o.env);
  return { tools, authorized };
}

/** The cached lists a server marked private (§14 cache hints), when its authorization ends. */
export function forgetPrivateLists(name: string, env: Env): void {
  new ToolCache(paths.toolCacheDir(env)).forgetPrivate(name);
}
