import { describe, expect, it } from "vitest";
import type { Authorizer } from "./authorizers.js";
import { CodeagentOAuthProvider, type ProviderOptions } from "./provider.js";
import { MemoryOAuthStore } from "./store.js";

const REDIRECT = "http://127.0.0.1:4455/callback";

function provider(o: Partial<ProviderOptions> & { interactive?: boolean } = {}) {
  const calls: [string, string][] = [];
  const authorizer: Authorizer = {
    redirectUrl: REDIRECT,
    authorize: (url, state) => {
      calls.push([url.href, state]);
      return Promise.resolve({ code: "code-1" });
    },
  };
  const store = o.store ?? new MemoryOAuthStore();
  const p = new CodeagentOAuthProvider({
    server: "api",
    store,
    now: () => 1_000_000,
    ...(o.interactive !== false && { authorizer }),
    ...o,
  });
  return { p, store, calls };
}

describe("CodeagentOAuthProvider", () => {
  it("describes a public client for registration, or one with a secret, with the configured scopes", () => {
    expect(provider().p.clientMetadata).toEqual({
      client_name: "codeagent",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    const withSecret = provider({ oauth: { clientSecret: "s", scopes: ["a", "b"] } }).p.clientMetadata;
    expect(withSecret).toMatchObject({ token_endpoint_auth_method: "client_secret_basic", scope: "a b" });
  });

  it("uses a configured client as is and never stores it", () => {
    const { p, store } = provider({ oauth: { clientId: "pre", clientSecret: "sec" } });
    expect(p.clientInformation()).toEqual({ client_id: "pre", client_secret: "sec" });
    p.saveClientInformation({ client_id: "pre", issuer: "https://as" });
    expect(store.read().client).toBeUndefined();
  });

  it("offers the Client ID Metadata Document URL from the config", () => {
    expect(
      provider({ oauth: { clientMetadataUrl: "https://me.example/client.json" } }).p.clientMetadataUrl,
    ).toBe("https://me.example/client.json");
  });

  it("registers again when the stored registration is for another callback port", () => {
    const store = new MemoryOAuthStore();
    store.update(() => ({ client: { client_id: "c1", redirect_uris: ["http://127.0.0.1:9999/callback"] } }));
    expect(provider({ store }).p.clientInformation()).toBeUndefined();
    // A background session never redirects, so any registration will do for a refresh.
    const bg = provider({ store, interactive: false }).p;
    expect(bg.clientInformation()).toMatchObject({ client_id: "c1" });
    expect(bg.redirectUrl).toBe("http://127.0.0.1:9999/callback");
  });

  it("stores tokens with their expiry and knows when a refresh is due", () => {
    const { p, store } = provider({ interactive: false });
    expect(p.canAuthorize()).toBe(false);
    p.saveTokens({ access_token: "a", token_type: "Bearer", expires_in: 60, refresh_token: "r" });
    expect(store.read().tokens).toEqual({
      access_token: "a",
      token_type: "Bearer",
      expires_in: 60,
      refresh_token: "r",
      expires_at: 1_060_000,
    });
    expect(p.refreshDue(30_000)).toBe(false);
    expect(p.refreshDue(60_000)).toBe(true);
    expect(p.canAuthorize()).toBe(true);
  });

  it("hides the refresh token from the SDK during a step-up only", async () => {
    const { p } = provider();
    p.saveTokens({ access_token: "a", token_type: "Bearer", refresh_token: "r" });
    const inside = await p.withoutRefresh(() => Promise.resolve(p.tokens()?.refresh_token));
    expect(inside).toBeUndefined();
    expect(p.tokens()?.refresh_token).toBe("r");
  });

  it("a login ignores stored tokens until new ones arrive", () => {
    const store = new MemoryOAuthStore();
    store.update(() => ({ tokens: { access_token: "old", token_type: "Bearer" } }));
    const { p } = provider({ store, freshLogin: true });
    expect(p.tokens()).toBeUndefined();
    p.saveTokens({ access_token: "new", token_type: "Bearer" });
    expect(p.tokens()?.access_token).toBe("new");
  });

  it("keys the registration and the tokens by the authorization server that made them (SEP-2352)", () => {
    const { p } = provider();
    const as1 = { issuer: "https://as1.example" };
    const as2 = { issuer: "https://as2.example" };
    p.saveClientInformation({ client_id: "c1", redirect_uris: [REDIRECT] }, as1);
    p.saveTokens({ access_token: "t1", token_type: "Bearer" }, as1);
    expect({
      clientAs1: p.clientInformation(as1)?.client_id,
      clientAs2: p.clientInformation(as2)?.client_id,
      tokensAs1: p.tokens(as1)?.access_token,
      tokensAs2: p.tokens(as2)?.access_token,
      tokensPerRequest: p.tokens()?.access_token,
    }).toEqual({
      clientAs1: "c1",
      clientAs2: undefined,
      tokensAs1: "t1",
      tokensAs2: undefined,
      tokensPerRequest: "t1",
    });
  });

  it("sends the user agent with the URL's state, and hands the code over once", async () => {
    const { p, calls } = provider();
    p.redirectToAuthorization(new URL("https://as/authorize?state=s-9"));
    expect(calls).toEqual([["https://as/authorize?state=s-9", "s-9"]]);
    await expect(p.takeAuthorizationCode()).resolves.toEqual({ code: "code-1" });
    expect(p.takeAuthorizationCode()).toBeUndefined();
  });

  it("in the background only notes that a user is needed, and keeps the verifier off disk", () => {
    const { p, store } = provider({ interactive: false });
    p.saveCodeVerifier("v-1");
    p.redirectToAuthorization(new URL("https://as/authorize"));
    expect(p.interactionNeeded).toBe(true);
    expect(p.takeAuthorizationCode()).toBeUndefined();
    expect(p.codeVerifier()).toBe("v-1");
    expect(store.read().codeVerifier).toBeUndefined();
  });

  it("forgets what the SDK invalidates", () => {
    const { p, store } = provider();
    store.update(() => ({ tokens: { access_token: "a", token_type: "Bearer" }, client: { client_id: "c" } }));
    p.tokens();
    p.invalidateCredentials("tokens");
    expect(store.read()).toEqual({ client: { client_id: "c" } });
    p.invalidateCredentials("all");
    expect(store.read()).toEqual({});
  });

  it("keeps tokens another session saved meanwhile when the SDK invalidates the ones it used", () => {
    const { p, store } = provider({ interactive: false });
    store.update(() => ({ tokens: { access_token: "mine", token_type: "Bearer", refresh_token: "r1" } }));
    expect(p.tokens()?.refresh_token).toBe("r1");
    // Another process refreshed first (rotating r1); our refresh with r1 then fails with invalid_grant.
    store.update(() => ({ tokens: { access_token: "theirs", token_type: "Bearer", refresh_token: "r2" } }));
    p.invalidateCredentials("tokens");
    expect(store.read().tokens?.access_token).toBe("theirs");
  });
});
