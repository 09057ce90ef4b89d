// OAuth against a real local authorization server (test/fixtures/oauth): the flow a login runs (discovery,
// registration, PKCE, RFC 8707 resource), stored tokens used and refreshed by a background session, scope
// step-up, the retry limit, a mismatched protected resource refused, pre-registered clients.
import { readFileSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULTS } from "../../src/core/config/schema.js";
import type { OAuthConfig, RemoteServerConfig } from "../../src/core/config/types.js";
import { McpConnection } from "../../src/core/mcp/connection/connection.js";
import { ServerLog } from "../../src/core/mcp/servers/logs.js";
import { createAuthFetch } from "../../src/core/mcp/oauth/auth-fetch.js";
import { headlessAuthorizer } from "../../src/core/mcp/oauth/authorizers.js";
import { startCallbackServer, type CallbackServer } from "../../src/core/mcp/oauth/callback-server.js";
import { CodeagentOAuthProvider } from "../../src/core/mcp/oauth/provider.js";
import { remoteAuth } from "../../src/core/mcp/oauth/remote-auth.js";
import { FileOAuthStore, MemoryOAuthStore, type OAuthStore } from "../../src/core/mcp/oauth/store.js";
import { sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";
import {
  startOAuthFixture,
  type OAuthFixture,
  type OAuthFixtureOptions,
} from "../fixtures/oauth/oauth-server.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture(opts: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
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

/** Connects the way `mcp login --headless` does (or a background session, without `interactive`). */
async function connect(
  fx: OAuthFixture,
  o: { store: OAuthStore; interactive?: boolean; oauth?: OAuthConfig },
) {
  let callback: CallbackServer | undefined;
  if (o.interactive !== false) {
    callback = await startCallbackServer();
    cleanups.push(() => callback!.close());
  }
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
    fetch: createAuthFetch({
      provider,
      serverUrl: fx.url,
      ...(o.oauth?.scopes !== undefined && { scopes: o.oauth.scopes }),
      log: (t) => log.event(t),
    }),
  });
  cleanups.push(() => conn.close());
  return { conn, provider, log };
}

const text = (r: Record<string, unknown>) => (r.content as { text: string }[])[0]!.text;

describe("OAuth login flow", () => {
  it("discovers, registers, authorizes with PKCE and the resource, and stores the tokens 0600", async () => {
    const fx = await fixture({ scopesSupported: ["read"] });
    const dir = sandbox().home;
    const store = FileOAuthStore.for(`${dir}/oauth`, "api", fx.url);
    const { conn, log } = await connect(fx, { store });
    expect((await conn.listTools()).items.map((t) => t.name)).toEqual(["whoami", "write"]);
    expect(text(await conn.callTool("whoami", {}))).toBe("read");
    expect(fx.events.slice(0, 7)).toEqual([
      // The era probe meets the 401 first; the code is redeemed at the server discovery found (SEP-2352),
      // then the probe finds a 2025-era server and initialize follows.
      "mcp 401 server/discover",
      "prm",
      "register",
      "authorize read",
      "token authorization_code",
      "mcp server/discover",
      "mcp initialize",
    ]);
    const [authz, token] = fx.requests;
    expect(authz!.params).toMatchObject({ resource: fx.url, code_challenge_method: "S256", scope: "read" });
    expect(token!.params).toMatchObject({ resource: fx.url, grant_type: "authorization_code" });
    expect(statSync(store.location).mode & 0o777).toBe(0o600);
    expect(statSync(`${dir}/oauth`).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(store.location, "utf8")) as { tokens: { access_token: string } };
    expect(saved.tokens.access_token).toMatch(/^[0-9a-f]{32}$/);
    const logged = log
      .lines()
      .map((l) => l.text)
      .join("\n");
    expect(logged).toContain("authorized");
    expect(logged).not.toContain(saved.tokens.access_token);
  });

  it("asks for the configured scopes and uses a pre-registered client without registering", async () => {
    const fx = await fixture({ preRegistered: { clientId: "cli-1", clientSecret: "s3cret" } });
    const store = new MemoryOAuthStore();
    const oauth = { clientId: "cli-1", clientSecret: "s3cret", scopes: ["files:read", "files:write"] };
    const { conn } = await connect(fx, { store, oauth });
    expect(text(await conn.callTool("whoami", {}))).toBe("files:read files:write");
    expect(fx.events).not.toContain("register");
    expect(store.read().client).toBeUndefined();
  });

  it("re-authorizes with the wider scope on 403 insufficient_scope (step-up)", async () => {
    const fx = await fixture({ scopesSupported: ["read"], writeScope: "write" });
    const { conn } = await connect(fx, { store: new MemoryOAuthStore() });
    expect(text(await conn.callTool("write", {}))).toBe("written");
    expect(fx.events.filter((e) => e.startsWith("authorize"))).toEqual([
      "authorize read",
      "authorize read write",
    ]);
  });

  it("gives up after 3 authorizations when the server never accepts the token", async () => {
    const fx = await fixture({ neverEnoughScope: true });
    await expect(connect(fx, { store: new MemoryOAuthStore() })).rejects.toMatchObject({
      code: "NEEDS_AUTH",
      message: expect.stringContaining("after 3 authorizations") as string,
    });
    expect(fx.events.filter((e) => e.startsWith("authorize"))).toHaveLength(3);
  });

  it("refuses protected-resource metadata that names another server, before any authorization", async () => {
    const fx = await fixture({ prmResource: "https://evil.example.com/mcp" });
    await expect(connect(fx, { store: new MemoryOAuthStore() })).rejects.toMatchObject({
      code: "NEEDS_AUTH",
      message: expect.stringContaining("does not match") as string,
    });
    expect(fx.events.filter((e) => e === "register" || e.startsWith("authorize"))).toEqual([]);
  });
});

describe("stored tokens in a background session", () => {
  async function loggedIn(fx: OAuthFixture): Promise<OAuthStore> {
    const store = new MemoryOAuthStore();
    const { conn } = await connect(fx, { store });
    await conn.close();
    return store;
  }

  it("refreshes a token the server rejects as expired, without a user", async () => {
    const fx = await fixture();
    const store = await loggedIn(fx);
    fx.expireAllTokens();
    fx.events.length = 0;
    const { conn } = await connect(fx, { store, interactive: false });
    expect((await conn.listTools()).items).toHaveLength(2);
    expect(fx.events.slice(0, 3)).toEqual([
      "mcp 401 server/discover (bad token)",
      "prm",
      "token refresh_token",
    ]);
    expect(fx.events.some((e) => e.startsWith("authorize"))).toBe(false);
  });

  it("refreshes before sending when the stored token has expired", async () => {
    const fx = await fixture();
    const store = await loggedIn(fx);
    store.update((r) => ({ ...r, tokens: { ...r.tokens!, expires_at: Date.now() - 1000 } }));
    fx.expireAllTokens();
    fx.events.length = 0;
    await connect(fx, { store, interactive: false });
    expect(fx.events.slice(0, 3)).toEqual(["prm", "token refresh_token", "mcp server/discover"]);
  });

  it("marks a server without usable tokens needs-auth, registering nothing", async () => {
    const fx = await fixture();
    const sb = sandbox();
    const m = managerFor(
      sb,
      { api: { type: "http", url: fx.url } },
      { remoteFetch: remoteAuth({ dir: sb.home }) },
    );
    cleanups.push(() => m.shutdown());
    await m.start({ waitMs: 10_000 });
    const s = m.snapshot("api");
    expect(s.state.status).toBe("needs-auth");
    expect(s.error).toContain("run codeagent mcp login api");
    expect(fx.events.filter((e) => e === "register" || e.startsWith("authorize"))).toEqual([]);
  });
});
