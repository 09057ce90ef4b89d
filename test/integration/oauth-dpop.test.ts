// DPoP (RFC 9449, SEP-1932) against the local authorization server in test/fixtures/oauth with `dpop` on:
// tokens asked for with a proof and bound to a key kept in the OAuth record, presented with the DPoP scheme
// and a fresh proof per request, both servers' nonce challenges answered, refreshes proving the same key,
// and `oauth.dpop: false` keeping plain bearer tokens.
import { readFileSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULTS } from "../../src/core/config/schema.js";
import type { OAuthConfig, RemoteServerConfig } from "../../src/core/config/types.js";
import { McpConnection } from "../../src/core/mcp/connection/connection.js";
import { ServerLog } from "../../src/core/mcp/servers/logs.js";
import { createAuthFetch } from "../../src/core/mcp/oauth/auth-fetch.js";
import { headlessAuthorizer } from "../../src/core/mcp/oauth/authorizers.js";
import { startCallbackServer } from "../../src/core/mcp/oauth/callback-server.js";
import { CodeagentOAuthProvider } from "../../src/core/mcp/oauth/provider.js";
import { FileOAuthStore, MemoryOAuthStore, type OAuthStore } from "../../src/core/mcp/oauth/store.js";
import { sandbox } from "../helpers/env.js";
import {
  startOAuthFixture,
  type OAuthFixture,
  type OAuthFixtureOptions,
} from "../fixtures/oauth/oauth-server.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture(opts: OAuthFixtureOptions): Promise<OAuthFixture> {
  const fx = await startOAuthFixture(opts);
  cleanups.push(() => fx.stop());
  return fx;
}

function remote(url: string, oauth?: OAuthConfig): RemoteServerConfig {
  return {
    transport: "http",
    url,
    headers: {},
    fallbackToSse: false,
    disabled: false,
    startupTimeoutMs: 10_000,
    timeoutMs: 10_000,
    maxTotalTimeoutMs: 10_000,
    maxMessageBytes: DEFAULTS.maxMessageBytes,
    ...(oauth !== undefined && { oauth }),
  };
}

/** A login (`interactive`, the default) or a background session over the same store. */
async function connect(
  fx: OAuthFixture,
  o: { store: OAuthStore; interactive?: boolean; oauth?: OAuthConfig },
) {
  const callback = o.interactive === false ? undefined : await startCallbackServer();
  if (callback !== undefined) cleanups.push(() => callback.close());
  const provider = new CodeagentOAuthProvider({
    server: "api",
    store: o.store,
    ...(o.oauth !== undefined && { oauth: o.oauth }),
    ...(callback !== undefined && { authorizer: headlessAuthorizer(callback) }),
  });
  const log = new ServerLog("api");
  const conn = await McpConnection.open({
    name: "api",
    config: remote(fx.url, o.oauth),
    log,
    timeoutMs: 10_000,
    fetch: createAuthFetch({ provider, serverUrl: fx.url, log: (t) => log.event(t) }),
  });
  cleanups.push(() => conn.close());
  return conn;
}

const text = (r: Record<string, unknown>) => (r.content as { text: string }[])[0]!.text;
/** Requests the MCP server refused for a bad proof or token (the first, tokenless 401 aside). */
const refused = (fx: OAuthFixture) => fx.events.filter((e) => /^mcp 401 .*\(/.test(e));

describe("DPoP-bound tokens", () => {
  it("asks for them with a proof, keeps the key with them 0600, and proves it on every request", async () => {
    const fx = await fixture({ dpop: {} });
    const store = FileOAuthStore.for(`${sandbox().home}/oauth`, "api", fx.url);
    const conn = await connect(fx, { store });
    expect(text(await conn.callTool("whoami", {}))).toBe("");
    expect(text(await conn.callTool("whoami", {}))).toBe("");
    expect(fx.events.slice(0, 5)).toEqual([
      "mcp 401 server/discover",
      "prm",
      "register",
      "authorize",
      "token authorization_code",
    ]);
    expect(fx.events[5]).toBe("token dpop proof");
    // Every request after the token carried a valid, never-reused proof of the bound key.
    expect(refused(fx)).toEqual([]);
    const saved = JSON.parse(readFileSync(store.location, "utf8")) as {
      tokens: { token_type: string };
      dpopKey: { alg: string; jwk: { kty: string; crv: string; d?: string } };
    };
    expect([
      saved.tokens.token_type,
      saved.dpopKey.alg,
      saved.dpopKey.jwk.kty,
      saved.dpopKey.jwk.crv,
    ]).toEqual(["DPoP", "ES256", "EC", "P-256"]);
    expect(typeof saved.dpopKey.jwk.d).toBe("string");
    expect(statSync(store.location).mode & 0o777).toBe(0o600);
    await conn.close();

    // Another session (a restart, another process) signs with the stored key: no new authorization.
    fx.events.length = 0;
    const again = await connect(fx, { store, interactive: false });
    expect(text(await again.callTool("whoami", {}))).toBe("");
    expect(fx.events.filter((e) => e.startsWith("token") || e.startsWith("authorize"))).toEqual([]);
    expect(refused(fx)).toEqual([]);
  });

  it("retries the token request and the MCP request with the nonce each server hands out", async () => {
    const fx = await fixture({ dpop: { nonce: true } });
    const conn = await connect(fx, { store: new MemoryOAuthStore() });
    expect(text(await conn.callTool("whoami", {}))).toBe("");
    const dpopEvents = fx.events.filter((e) => e.includes("dpop"));
    expect(dpopEvents.slice(0, 3)).toEqual([
      "token use_dpop_nonce",
      "token dpop proof",
      "mcp use_dpop_nonce server/discover",
    ]);
    // Once remembered, the resource server's nonce rides on every later proof.
    expect(dpopEvents.filter((e) => e.startsWith("mcp use_dpop_nonce"))).toHaveLength(1);
    expect(refused(fx)).toEqual([]);
  });

  it("refreshes an expired bound token with a proof of the same key", async () => {
    const fx = await fixture({ dpop: {} });
    const store = new MemoryOAuthStore();
    await (await connect(fx, { store })).close();
    const key = store.read().dpopKey;
    fx.expireAllTokens();
    fx.events.length = 0;
    const conn = await connect(fx, { store, interactive: false });
    expect(text(await conn.callTool("whoami", {}))).toBe("");
    // The fixture redeems a bound refresh token only with a proof of its key; a new key would get invalid_grant.
    expect(fx.events.filter((e) => e.startsWith("token"))).toEqual([
      "token refresh_token",
      "token dpop proof",
    ]);
    expect(store.read().dpopKey).toEqual(key);
    expect(store.read().tokens?.token_type).toBe("DPoP");
  });

  it("keeps plain bearer tokens with oauth.dpop false, even where the server offers DPoP", async () => {
    const fx = await fixture({ dpop: {} });
    const store = new MemoryOAuthStore();
    const conn = await connect(fx, { store, oauth: { dpop: false } });
    expect(text(await conn.callTool("whoami", {}))).toBe("");
    expect([store.read().tokens?.token_type, store.read().dpopKey]).toEqual(["Bearer", undefined]);
    expect(fx.events).not.toContain("token dpop proof");
  });
});
