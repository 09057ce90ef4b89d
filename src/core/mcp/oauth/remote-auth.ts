// Gives each remote server's connection its OAuth-aware fetch. The manager calls the factory on every start;
// a background session (`mcp list`, the agent) can use and refresh stored tokens, while `mcp login` and the
// conformance client pass an Authorizer so a user agent can be sent through the flow.
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { FetchLike } from "@modelcontextprotocol/client";
import type { RemoteServerConfig } from "../../config/types.js";
import { createAuthFetch } from "./auth-fetch.js";
import type { Authorizer } from "./authorizers.js";
import { grantProvider } from "./grants.js";
import { CodeagentOAuthProvider } from "./provider.js";
import { FileOAuthStore, MemoryOAuthStore, type OAuthStore } from "./store.js";

export type RemoteFetchFactory = (
  server: string,
  config: RemoteServerConfig,
  log: (text: string) => void,
) => FetchLike | undefined;

export interface RemoteAuthOptions {
  /** `$CODEAGENT_HOME/oauth`; without it the state lives in memory for this process only. */
  dir?: string;
  authorizer?: Authorizer;
  /** Authorize afresh even when tokens are stored (a login). */
  freshLogin?: boolean;
  /** A Client ID Metadata Document URL for servers whose config names none. */
  clientMetadataUrl?: string;
  /** Another grant (client credentials, JWT bearer…) in place of the authorization-code provider. */
  provider?: (server: string, config: RemoteServerConfig) => OAuthClientProvider | undefined;
  fetch?: FetchLike;
  maxAuthorizations?: number;
}

export function remoteAuth(opts: RemoteAuthOptions = {}): RemoteFetchFactory {
  const memory = new Map<string, OAuthStore>();
  const storeFor = (server: string, url: string): OAuthStore => {
    if (opts.dir !== undefined) return FileOAuthStore.for(opts.dir, server, url);
    const key = `${server}\n${url}`;
    let s = memory.get(key);
    if (s === undefined) memory.set(key, (s = new MemoryOAuthStore()));
    return s;
  };
  return (server, config, log) => {
    const oauth = {
      ...config.oauth,
      ...(config.oauth?.clientMetadataUrl === undefined &&
        opts.clientMetadataUrl !== undefined && { clientMetadataUrl: opts.clientMetadataUrl }),
    };
    const provider =
      opts.provider?.(server, config) ??
      grantProvider(config.oauth, opts.fetch !== undefined ? { fetch: opts.fetch } : {}) ??
      new CodeagentOAuthProvider({
        server,
        oauth,
        store: storeFor(server, config.url),
        ...(opts.authorizer !== undefined && { authorizer: opts.authorizer }),
        ...(opts.freshLogin === true && { freshLogin: true }),
      });
    return createAuthFetch({
      provider,
      serverUrl: config.url,
      ...(config.oauth?.scopes !== undefined && { scopes: config.oauth.scopes }),
      ...(opts.fetch !== undefined && { fetch: opts.fetch }),
      ...(opts.maxAuthorizations !== undefined && { maxAuthorizations: opts.maxAuthorizations }),
      log: (t) => log(`oauth: ${t}`),
    });
  };
}
