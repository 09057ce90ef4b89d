// The fetch the remote transports use for an OAuth-protected server: adds the bearer token, refreshes it
// before it expires, and answers a 401 or a 403 insufficient_scope by running the SDK's auth() — discovery,
// registration, PKCE, refresh — then retries the request. One authorization at a time per connection, and at
// most `maxAuthorizations` in a row without a successful authorized request, so a server that never accepts
// a token cannot loop us (or the user) forever.
import { auth, withDpopFromProvider, type OAuthClientProvider } from "@modelcontextprotocol/client";
import type { FetchLike } from "@modelcontextprotocol/client";
import { CodeagentError, errorMessage } from "../../errors.js";
import { CodeagentOAuthProvider } from "./provider.js";
import { challengeOf, chooseScope, type Challenge } from "./scope.js";
import { offersOAuth, staticKeyNeeded } from "./offers-oauth.js";

export interface AuthFetchOptions {
  provider: OAuthClientProvider;
  serverUrl: string;
  /** `oauth.scopes` from the config. */
  scopes?: readonly string[];
  fetch?: FetchLike;
  maxAuthorizations?: number;
  log?: (text: string) => void;
}

export const MAX_AUTHORIZATIONS = 3;

export function createAuthFetch(opts: AuthFetchOptions): FetchLike {
  const base: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const provider = opts.provider;
  const own = provider instanceof CodeagentOAuthProvider ? provider : undefined;
  const max = opts.maxAuthorizations ?? MAX_AUTHORIZATIONS;
  const log = opts.log ?? (() => undefined);
  // Innermost, under our Bearer header: a DPoP-bound token goes out as `DPoP` with a fresh proof, and a
  // resource server's use_dpop_nonce challenge is answered there (RFC 9449 §9). auth() keeps `base`.
  const send: FetchLike = provider.dpop !== undefined ? withDpopFromProvider(provider)(base) : base;
  let inflight: Promise<boolean> | undefined;
  let attempts = 0;
  /** The access token a proactive refresh was last tried for: one try per token, not one per request. */
  let refreshTriedFor: string | undefined;
  /** Whether the server publishes OAuth metadata, once asked (only for a 401 that names none). */
  let oauthOffered: Promise<boolean> | undefined;
  const wantsKey = async (challenge: Challenge): Promise<boolean> => {
    if (challenge.kind !== "unauthorized" || challenge.resourceMetadataUrl !== undefined) return false;
    if (own?.record()?.resourceMetadataUrl !== undefined) return false;
    oauthOffered ??= offersOAuth(base, opts.serverUrl);
    return !(await oauthOffered);
  };

  const accessToken = async (): Promise<string | undefined> =>
    (own !== undefined ? own.currentTokens() : await provider.tokens())?.access_token;

  /** `had`: the access token that was found wanting (expired, or refused with this challenge). */
  const authorize = (challenge: Challenge | undefined, had: string | undefined): Promise<boolean> => {
    if (inflight !== undefined) return inflight;
    const run = async (): Promise<boolean> => {
      if (challenge?.resourceMetadataUrl !== undefined)
        own?.remember({ resourceMetadataUrl: challenge.resourceMetadataUrl });
      const record = own?.record();
      const scope = chooseScope({
        challenge,
        ...(opts.scopes !== undefined && { configured: opts.scopes }),
        ...(record?.tokens?.scope !== undefined && { granted: record.tokens.scope }),
        ...(record?.stepUpScope !== undefined && { remembered: record.stepUpScope }),
      });
      const rmu = challenge?.resourceMetadataUrl ?? record?.resourceMetadataUrl;
      const args = {
        serverUrl: opts.serverUrl,
        ...(scope !== undefined && { scope }),
        ...(rmu !== undefined && { resourceMetadataUrl: new URL(rmu) }),
        fetchFn: base,
      };
      log(
        challenge === undefined
          ? "refreshing the access token"
          : `authorizing${scope ? ` (scope ${scope})` : ""}`,
      );
      const flow = async (): Promise<boolean> => {
        let result = await auth(provider, args);
        if (result === "REDIRECT") {
          const pending = own?.takeAuthorizationCode();
          if (pending === undefined) return false;
          const { code, iss } = await pending;
          result = await auth(provider, {
            ...args,
            authorizationCode: code,
            ...(iss !== undefined && { iss }),
          });
        }
        return result === "AUTHORIZED";
      };
      try {
        const stepUp = challenge?.kind === "insufficient_scope" && own !== undefined;
        const ok = stepUp ? await own.withoutRefresh(flow) : await flow();
        log(ok ? "authorized" : "authorization needs the user (codeagent mcp login)");
        return ok;
      } catch (e) {
        if (e instanceof CodeagentError) throw e;
        throw new CodeagentError("NEEDS_AUTH", `OAuth authorization failed: ${errorMessage(e)}`, {
          cause: e,
        });
      }
    };
    // A background session can only refresh. Two processes refreshing one record would spend a rotating
    // refresh token twice (the loser gets invalid_grant), so they take turns under the record's lock, and the
    // one that finds a newer token than it had just uses it. A login holds no lock: it may wait for a person.
    const exclusive = own?.store.exclusive?.bind(own.store);
    const guarded =
      own === undefined || own.interactive || exclusive === undefined
        ? run
        : () => exclusive(async () => (own.currentTokens()?.access_token !== had ? true : run()));
    inflight = guarded().finally(() => (inflight = undefined));
    return inflight;
  };

  return async (input, init) => {
    for (;;) {
      const held = own?.currentTokens()?.access_token;
      if (held !== undefined && held !== refreshTriedFor && own?.refreshDue() === true) {
        refreshTriedFor = held;
        await authorize(undefined, held).catch(() => false);
      }
      const token = await accessToken();
      const headers = new Headers(init?.headers);
      if (token !== undefined) headers.set("Authorization", `Bearer ${token}`);
      const res = await send(input, { ...init, headers });
      const challenge = challengeOf(res.status, res.headers.get("www-authenticate"));
      if (challenge === undefined) {
        // A request answered with our token ends a run of authorizations; a GET stream does not count,
        // or a server that accepts the stream but refuses every request could make us loop.
        if (res.ok && token !== undefined && init?.method === "POST") attempts = 0;
        return res;
      }
      // Another request already obtained a newer token while this one was on the wire: just retry.
      if (inflight !== undefined) await inflight.catch(() => false);
      if ((await accessToken()) !== token) {
        await res.body?.cancel();
        continue;
      }
      if (attempts >= max) {
        if (challenge.kind === "unauthorized") return res;
        await res.body?.cancel();
        throw new CodeagentError(
          "NEEDS_AUTH",
          `the server still answers 403 insufficient_scope${challenge.scope ? ` (scope "${challenge.scope}")` : ""} after ${max} authorizations; giving up`,
        );
      }
      if (token === undefined && (await wantsKey(challenge))) {
        await res.body?.cancel();
        throw staticKeyNeeded();
      }
      if (own !== undefined && !own.canAuthorize()) return unauthorizable(res, challenge, own);
      attempts++;
      const ok = await authorize(challenge, token);
      if (!ok) return unauthorizable(res, challenge, own);
      await res.body?.cancel();
    }
  };
}

/** No one can authorize now: a 401 goes back to the transport (→ needs-auth); a step-up is remembered. */
async function unauthorizable(
  res: Response,
  challenge: Challenge,
  own: CodeagentOAuthProvider | undefined,
): Promise<Response> {
  if (challenge.kind === "unauthorized") return res;
  await res.body?.cancel();
  if (challenge.scope !== undefined) own?.remember({ stepUpScope: challenge.scope });
  const name = own?.server;
  throw new CodeagentError(
    "NEEDS_AUTH",
    `the server needs more access${challenge.scope ? ` (scope "${challenge.scope}")` : ""}` +
      (name !== undefined ? `: run codeagent mcp login ${name}` : ""),
  );
}
