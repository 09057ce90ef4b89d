// DPoP (RFC 9449, MCP's SEP-1932): which servers get sender-constrained tokens, and the signing key that binds
// them. The SDK signs the proofs (token requests, and every MCP request through withDpopFromProvider) once a
// provider hands it a DpopSession; this file decides whether to, and keeps the key with the tokens it binds
// (the OAuth record, mode 0600), so a token stays usable after a restart and in other processes.
import {
  DPOP_SUPPORTED_ALGS,
  DpopSession,
  generateDpopKeyPair,
  type DpopAlg,
} from "@modelcontextprotocol/client";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/client";
// jose is loaded when a key is made or read (a DPoP server), not with the library.
const jose = () => import("jose");
import type { OAuthStore, StoredDpopKey } from "./store.js";

type KeyPair = NonNullable<NonNullable<Parameters<typeof DpopSession.create>[0]>["keyPair"]>;

export type { StoredDpopKey } from "./store.js";

/** ES256 when offered (every DPoP server must take it in practice), else the server's first we can sign. */
const PREFERENCE: readonly DpopAlg[] = ["ES256", ...DPOP_SUPPORTED_ALGS.filter((a) => a !== "ES256")];

/**
 * Whether to ask for DPoP-bound tokens, and with which algorithm. `setting` is `oauth.dpop`: false never,
 * true always (ES256 unless the server names others), absent when the authorization server advertises
 * `dpop_signing_alg_values_supported` or the protected resource says `dpop_bound_access_tokens_required`.
 */
export function dpopAlgorithm(
  setting: boolean | undefined,
  discovery: Pick<OAuthDiscoveryState, "authorizationServerMetadata" | "resourceMetadata"> | undefined,
): DpopAlg | undefined {
  if (setting === false) return undefined;
  // RFC 9449 §5.1 metadata; the SDK's type for OpenID providers does not list it, so read it loosely.
  const asMeta = discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: unknown };
  const offered = Array.isArray(asMeta?.dpop_signing_alg_values_supported)
    ? (asMeta.dpop_signing_alg_values_supported as unknown[])
    : undefined;
  const required = discovery?.resourceMetadata?.dpop_bound_access_tokens_required === true;
  if (offered !== undefined && offered.length > 0) {
    const alg = PREFERENCE.find((a) => offered.includes(a));
    if (alg !== undefined) return alg;
    // A server that offers only algorithms we cannot sign: ES256 is our best try when DPoP is a must.
    return setting === true || required ? "ES256" : undefined;
  }
  return setting === true || required ? "ES256" : undefined;
}

/** Builds the session for a stored key. */
export async function sessionFromKey(key: StoredDpopKey): Promise<DpopSession> {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = key.jwk;
  const { calculateJwkThumbprint, importJWK } = await jose();
  const privateKey = (await importJWK(key.jwk, key.alg)) as KeyPair["privateKey"];
  const publicKey = (await importJWK(publicJwk, key.alg)) as KeyPair["publicKey"];
  const thumbprint = await calculateJwkThumbprint(publicJwk, "sha256");
  return DpopSession.create({ keyPair: { privateKey, publicKey, publicJwk, thumbprint, alg: key.alg } });
}

/**
 * The record's key, or a new one stored there. Created outside the lock (key generation is async) and
 * stored only if no other process stored one meanwhile, so two sessions of one server share one key.
 */
export async function loadOrCreateKey(store: OAuthStore, alg: DpopAlg): Promise<StoredDpopKey> {
  const existing = store.read().dpopKey;
  if (existing !== undefined) return existing;
  const pair = await generateDpopKeyPair({ alg, extractable: true });
  const created: StoredDpopKey = { alg, jwk: await (await jose()).exportJWK(pair.privateKey) };
  let kept = created;
  store.update((r) => {
    if (r.dpopKey !== undefined) {
      kept = r.dpopKey;
      return r;
    }
    return { ...r, dpopKey: created };
  });
  return kept;
}
