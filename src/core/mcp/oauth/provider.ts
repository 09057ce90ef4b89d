// The SDK's OAuthClientProvider for one remote server: persists tokens, the client registration and the PKCE
// verifier in an OAuthStore; pre-registered clients and Client ID Metadata Documents come from the config.
// Without an Authorizer it never starts a user flow (a background session can only use or refresh tokens).
import { randomBytes } from "node:crypto";
import type { DpopSession, OAuthClientProvider } from "@modelcontextprotocol/client";
import type {
  OAuthClientInformationContext,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import type { OAuthConfig } from "../../config/types.js";
import type { Authorizer } from "./authorizers.js";
import { dpopAlgorithm, loadOrCreateKey, sessionFromKey } from "./dpop.js";
import type { AuthorizationResponse } from "./callback-server.js";
import type { OAuthRecord, OAuthStore, StoredTokens } from "./store.js";

export interface ProviderOptions {
  server: string;
  oauth?: OAuthConfig;
  store: OAuthStore;
  /** How to send a user agent through authorization; absent in a background session. */
  authorizer?: Authorizer;
  /** Ignore stored tokens until new ones arrive (a login must authorize afresh). */
  freshLogin?: boolean;
  clientName?: string;
  now?: () => number;
}

/** Used in a background session, where no redirect ever happens; the SDK only needs some redirect URI. */
const PLACEHOLDER_REDIRECT = "http://127.0.0.1/callback";

export class CodeagentOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private expectedState: string | undefined;
  private pendingCode: Promise<AuthorizationResponse> | undefined;
  private ignoreStoredTokens: boolean;
  private skipRefresh = false;
  /** The access token last given to the SDK; see invalidateCredentials. */
  private handedOut: string | undefined;
  /** Set when the SDK wanted a user flow that this session cannot run. */
  interactionNeeded = false;
  /** One DPoP session per provider: it holds the nonces servers handed out (RFC 9449 §8, §9). */
  private dpopSession: Promise<DpopSession> | undefined;

  constructor(private readonly opts: ProviderOptions) {
    this.ignoreStoredTokens = opts.freshLogin === true;
  }

  get server(): string {
    return this.opts.server;
  }

  get store(): OAuthStore {
    return this.opts.store;
  }

  get redirectUrl(): string {
    if (this.opts.authorizer !== undefined) return this.opts.authorizer.redirectUrl;
    const stored = this.record().client as { redirect_uris?: string[] } | undefined;
    return stored?.redirect_uris?.[0] ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadataUrl(): string | undefined {
    return this.opts.oauth?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const o = this.opts.oauth;
    return {
      client_name: this.opts.clientName ?? "codeagent",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: o?.clientSecret !== undefined ? "client_secret_basic" : "none",
      ...(o?.scopes !== undefined && o.scopes.length > 0 && { scope: o.scopes.join(" ") }),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString("base64url");
    return this.expectedState;
  }

  clientInformation(ctx?: OAuthClientInformationContext): OAuthClientInformationMixed | undefined {
    const o = this.opts.oauth;
    if (o?.clientId !== undefined) {
      return {
        client_id: o.clientId,
        ...(o.clientSecret !== undefined && { client_secret: o.clientSecret }),
      };
    }
    const record = this.record();
    const stored = record.client;
    if (stored === undefined) return undefined;
    // A registration belongs to the authorization server that made it; after a move, register anew.
    if (otherIssuer(record.clientIssuer, ctx)) return undefined;
    // A registration made for another loopback port is useless to this login: register again.
    const uris = (stored as { redirect_uris?: string[] }).redirect_uris;
    if (this.opts.authorizer !== undefined && uris !== undefined && !uris.includes(this.redirectUrl))
      return undefined;
    return stored;
  }

  saveClientInformation(info: OAuthClientInformationMixed, ctx?: OAuthClientInformationContext): void {
    // A configured client is the config's to keep; only registrations we obtained are stored.
    if (this.opts.oauth?.clientId !== undefined) return;
    this.opts.store.update((r) => ({ ...r, client: info, clientIssuer: ctx?.issuer }));
  }

  /** Without `ctx` (the per-request read) the latest tokens; with it, only those of that issuer. */
  tokens(ctx?: OAuthClientInformationContext): OAuthTokens | undefined {
    const t = this.currentTokens();
    if (t !== undefined && otherIssuer(this.record().tokensIssuer, ctx)) return undefined;
    this.handedOut = t?.access_token;
    if (t === undefined) return undefined;
    // On a step-up the SDK must run a new authorization: a refresh cannot widen the scope.
    return this.skipRefresh ? { ...t, refresh_token: undefined } : t;
  }

  /** The tokens to send, whatever auth() is being told. */
  currentTokens(): StoredTokens | undefined {
    return this.ignoreStoredTokens ? undefined : this.record().tokens;
  }

  saveTokens(tokens: OAuthTokens, ctx?: OAuthClientInformationContext): void {
    const now = (this.opts.now ?? Date.now)();
    const expires = tokens.expires_in !== undefined ? { expires_at: now + tokens.expires_in * 1000 } : {};
    this.ignoreStoredTokens = false;
    // The discovery state only binds a pending code to its authorization server; once redeemed it goes, so
    // the next authorization discovers again and follows a server that moved to another one (SEP-2352).
    this.discovery = undefined;
    this.opts.store.update((r) => ({
      ...r,
      tokens: { ...tokens, ...expires },
      tokensIssuer: ctx?.issuer,
      stepUpScope: undefined,
      discovery: undefined,
    }));
  }

  /** True when the access token expires within `skewMs` and can be refreshed. */
  refreshDue(skewMs = 30_000): boolean {
    const t = this.currentTokens();
    if (t?.refresh_token === undefined || t.expires_at === undefined) return false;
    return t.expires_at - skewMs <= (this.opts.now ?? Date.now)();
  }

  /** Whether auth() may run without a user: a refresh token to use, or a user agent to send. */
  canAuthorize(): boolean {
    return this.opts.authorizer !== undefined || this.currentTokens()?.refresh_token !== undefined;
  }

  redirectToAuthorization(url: URL): void {
    const authorizer = this.opts.authorizer;
    if (authorizer === undefined) {
      this.interactionNeeded = true;
      return;
    }
    const state = url.searchParams.get("state") ?? this.expectedState ?? "";
    this.pendingCode = authorizer.authorize(url, state);
    this.pendingCode.catch(() => undefined);
  }

  /** The code of the authorization just started, if this session can run one. */
  takeAuthorizationCode(): Promise<AuthorizationResponse> | undefined {
    const p = this.pendingCode;
    this.pendingCode = undefined;
    return p;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
    // Only a session that will complete the flow keeps it on disk; a background one must not
    // overwrite the verifier of a login running elsewhere.
    if (this.opts.authorizer !== undefined) this.opts.store.update((r) => ({ ...r, codeVerifier: verifier }));
  }

  /** Kept like the verifier: the SDK checks the callback against the authorization server it recorded. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
    if (this.opts.authorizer !== undefined) this.opts.store.update((r) => ({ ...r, discovery: state }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery ?? this.record().discovery;
  }

  codeVerifier(): string {
    const v = this.verifier ?? this.record().codeVerifier;
    if (v === undefined) throw new Error("no PKCE code verifier was saved for this authorization");
    return v;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    // A refresh token rejected because another session already rotated it: that session's new tokens
    // are in the store now, and deleting them would log every session out.
    const replaced = this.record().tokens?.access_token !== this.handedOut;
    this.opts.store.update((r) => ({
      ...r,
      ...((scope === "all" || scope === "tokens") && !replaced && { tokens: undefined }),
      ...((scope === "all" || scope === "client") && { client: undefined }),
      ...((scope === "all" || scope === "verifier") && { codeVerifier: undefined }),
      ...((scope === "all" || scope === "discovery") && { discovery: undefined }),
    }));
  }

  /**
   * The DPoP session when tokens are (to be) DPoP-bound: a stored key is used as it is, a new one is made
   * when `oauth.dpop` and what discovery found call for it (dpopAlgorithm). The SDK then signs the token
   * requests, and withDpopFromProvider presents `token_type: DPoP` tokens with a fresh proof per request.
   */
  dpop(): Promise<DpopSession> | undefined {
    if (this.opts.oauth?.dpop === false) return undefined;
    if (this.dpopSession !== undefined) return this.dpopSession;
    const stored = this.record().dpopKey;
    const alg = stored?.alg ?? dpopAlgorithm(this.opts.oauth?.dpop, this.discoveryState());
    if (alg === undefined) return undefined;
    const session = (async () => sessionFromKey(stored ?? (await loadOrCreateKey(this.opts.store, alg))))();
    this.dpopSession = session;
    session.catch(() => (this.dpopSession = undefined));
    return session;
  }

  /** Runs `fn` with the refresh token hidden from the SDK, so it authorizes anew (a scope step-up). */
  async withoutRefresh<T>(fn: () => Promise<T>): Promise<T> {
    this.skipRefresh = true;
    try {
      return await fn();
    } finally {
      this.skipRefresh = false;
    }
  }

  remember(patch: Pick<OAuthRecord, "resourceMetadataUrl" | "stepUpScope">): void {
    const r = this.record();
    if (Object.entries(patch).every(([k, v]) => r[k as keyof OAuthRecord] === v)) return;
    this.opts.store.update((cur) => ({ ...cur, ...patch }));
  }

  record(): OAuthRecord {
    return this.opts.store.read();
  }
}

/** True when what was stored names an issuer and the SDK asks about a different one. */
function otherIssuer(recorded: string | undefined, ctx: OAuthClientInformationContext | undefined): boolean {
  return recorded !== undefined && ctx?.issuer !== undefined && recorded !== ctx.issuer;
}
