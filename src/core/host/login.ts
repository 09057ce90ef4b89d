// Signing in to a remote server from a program (§17, §8.5): `host.login(server, { onAuthorizationUrl })` runs the
// same OAuth flow as `codeagent mcp login`, without a terminal. The program gets the authorization URL (to open,
// show or send somewhere); a loopback listener receives the redirect; the tokens are stored where the CLI keeps
// them, and the server is started again with them.
import { dirname } from "node:path";
import { expandServerConfig } from "../config/expand.js";
import { lookupForScope } from "../config/dotenv-boundary.js";
import type { RemoteServerConfig } from "../config/types.js";
import { CodeagentError, isCodeagentError } from "../errors.js";
import { userAuthorizer } from "../mcp/oauth/authorizers.js";
import { startCallbackServer } from "../mcp/oauth/callback-server.js";
import { CodeagentOAuthProvider } from "../mcp/oauth/provider.js";
import { FileOAuthStore, oauthDir } from "../mcp/oauth/store.js";
import type { McpManager } from "../mcp/servers/manager.js";
import { signIn } from "./oauth.js";
import type { ResolvedHost } from "./options.js";

export interface LoginOptions {
  /** Called with the URL the user must visit to sign in; the login waits for its redirect. */
  onAuthorizationUrl: (url: URL) => void | Promise<void>;
  /** Aborting ends the login (and its loopback listener). */
  signal?: AbortSignal;
  /** How long to wait for the user (default 5 minutes). */
  timeoutMs?: number;
}

export interface LoginResult {
  server: string;
  /** False when the server did not ask for authorization (nothing was stored). */
  authorized: boolean;
  /** The server's tool count seen during the login. */
  tools: number;
}

const LOGIN_TIMEOUT_MS = 5 * 60_000;

export async function hostLogin(
  r: ResolvedHost,
  manager: McpManager,
  name: string,
  o: LoginOptions,
): Promise<LoginResult> {
  if (typeof o?.onAuthorizationUrl !== "function")
    throw new CodeagentError("USAGE", "host.login needs onAuthorizationUrl: (url: URL) => void");
  const config = remoteConfig(r, name);
  const timeoutMs = o.timeoutMs ?? LOGIN_TIMEOUT_MS;
  const abort = new AbortController();
  const onAbort = () => abort.abort(new CodeagentError("CANCELLED", "the login was cancelled"));
  if (o.signal?.aborted === true) onAbort();
  o.signal?.addEventListener("abort", onAbort, { once: true });
  const callback = await startCallbackServer(
    config.oauth?.callbackPort !== undefined ? { port: config.oauth.callbackPort } : {},
  );
  const authorizer = userAuthorizer(callback, {
    open: () => false,
    show: (url) => void Promise.resolve(o.onAuthorizationUrl(url)).catch(() => undefined),
    signal: abort.signal,
  });
  const store = FileOAuthStore.for(oauthDir(r.homeEnv), name, config.url);
  const provider = new CodeagentOAuthProvider({
    server: name,
    ...(config.oauth !== undefined && { oauth: config.oauth }),
    store,
    authorizer,
    freshLogin: true,
  });
  let result: { tools: number; authorized: boolean };
  try {
    result = await signIn({ name, config, provider, env: r.homeEnv, signal: abort.signal, timeoutMs });
  } catch (e) {
    if (abort.signal.aborted && abort.signal.reason instanceof CodeagentError) throw abort.signal.reason;
    if (isCodeagentError(e, "CALL_TIMEOUT"))
      throw new CodeagentError(
        "NEEDS_AUTH",
        `the login to "${name}" was not completed within ${timeoutMs} ms`,
      );
    throw e;
  } finally {
    o.signal?.removeEventListener("abort", onAbort);
    await callback.close();
  }
  // The live session takes the stored tokens on its next start.
  if (result.authorized) await manager.refresh(name, { waitMs: r.startupWaitMs });
  return { server: name, ...result };
}

/** The server's config after ${VAR} expansion; only remote servers sign in. */
function remoteConfig(r: ResolvedHost, name: string): RemoteServerConfig {
  const def = r.config.servers.find((s) => s.name === name);
  if (def === undefined)
    throw new CodeagentError("UNKNOWN_SERVER", `no MCP server named "${name}" is configured`);
  if (def.config === undefined)
    throw new CodeagentError("CONFIG_INVALID", def.error ?? `"${name}" is invalid`);
  if (def.config.transport === "stdio")
    throw new CodeagentError(
      "USAGE",
      `"${name}" is a stdio server; OAuth login applies to http and sse servers`,
    );
  const expanded = expandServerConfig(def.config, lookupForScope(def.scope, r.variables), {
    baseDir: def.baseDir ?? dirname(def.source),
  });
  if (!expanded.ok) throw expanded.error;
  return expanded.config as RemoteServerConfig;
}
