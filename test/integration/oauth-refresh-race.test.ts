// Two sessions (two codeagent processes: each its own provider, store object and auth fetch, one file) find
// the same access token expired at once. The authorization server rotates refresh tokens, so both refreshing
// would spend the refresh token twice; under the record's refresh lock one refreshes and the other re-reads.
import { afterEach, describe, expect, it } from "vitest";
import { createAuthFetch } from "../../src/core/mcp/oauth/auth-fetch.js";
import { headlessAuthorizer } from "../../src/core/mcp/oauth/authorizers.js";
import { startCallbackServer } from "../../src/core/mcp/oauth/callback-server.js";
import { CodeagentOAuthProvider } from "../../src/core/mcp/oauth/provider.js";
import { FileOAuthStore } from "../../src/core/mcp/oauth/store.js";
import { sandbox } from "../helpers/env.js";
import { startOAuthFixture, type OAuthFixture } from "../fixtures/oauth/oauth-server.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
});

function session(fx: OAuthFixture, file: string, authorizer?: ReturnType<typeof headlessAuthorizer>) {
  const provider = new CodeagentOAuthProvider({
    server: "api",
    store: new FileOAuthStore(file, { server: "api", url: fx.url }),
    ...(authorizer !== undefined && { authorizer }),
  });
  const f = createAuthFetch({ provider, serverUrl: fx.url });
  return () =>
    f(fx.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: INIT,
    }).then(async (r) => (await r.body?.cancel(), r.status));
}

describe("refreshing one stored token from two processes", () => {
  it("refreshes once; the other session waits, then uses the new token", async () => {
    const fx = await startOAuthFixture();
    cleanups.push(() => fx.stop());
    const callback = await startCallbackServer();
    cleanups.push(() => callback.close());
    const file = FileOAuthStore.for(`${sandbox().home}/oauth`, "api", fx.url).location;
    expect(await session(fx, file, headlessAuthorizer(callback))()).toBe(200);
    // The stored token expires; both sessions notice before their next request.
    const store = new FileOAuthStore(file, { server: "api", url: fx.url });
    store.update((r) => ({ ...r, tokens: { ...r.tokens!, expires_at: Date.now() - 1000 } }));
    fx.expireAllTokens();
    fx.events.length = 0;
    const [a, b] = [session(fx, file), session(fx, file)];
    expect(await Promise.all([a(), b()])).toEqual([200, 200]);
    expect(fx.events.filter((e) => e.startsWith("token"))).toEqual(["token refresh_token"]);
    expect(fx.events.filter((e) => e.startsWith("mcp 401"))).toEqual([]);
  });
});
