// Who is calling the HTTP gateway (§22): a bearer token from `--token-file`, a JWT checked against a JWKS
// (OAuth resource-server mode), or nobody (`--no-auth`, loopback only). The answer is the caller, or the
// 401 to send. Nothing of the token is kept beyond its hash prefix or the JWT subject.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { CodeagentError } from "../errors.js";
import type { FrontCaller } from "./front.js";
import { profileNamed, type Profile, type Profiles } from "./profiles.js";
import { tokenCaller, type TokenTable } from "./tokens.js";

export interface JwtOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** The claim naming the caller's profile (default `profile`). */
  profileClaim: string;
  /** This gateway's URL, for the protected-resource metadata (RFC 9728). */
  resource: string;
}

export type Authenticator = (authorization: string | null) => Promise<FrontCaller | undefined>;

export function tokenAuth(table: TokenTable): Authenticator {
  return (header) => {
    const c = tokenCaller(table, header);
    return Promise.resolve(c === undefined ? undefined : { id: c.id, profile: c.profile });
  };
}

export function noAuth(profile: Profile): Authenticator {
  return () => Promise.resolve({ id: "local", profile });
}

export function jwtAuth(o: JwtOptions, profiles: Profiles, keys?: JWTVerifyGetKey): Authenticator {
  let url: URL;
  try {
    url = new URL(o.jwksUrl);
  } catch {
    throw new CodeagentError("USAGE", `--jwks-url ${o.jwksUrl}: not a URL`);
  }
  const jwks = keys ?? createRemoteJWKSet(url);
  return async (header) => {
    const m = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m === null) return undefined;
    try {
      const { payload } = await jwtVerify(m[1] as string, jwks, { issuer: o.issuer, audience: o.audience });
      const name = payload[o.profileClaim];
      if (typeof name !== "string" || typeof payload.sub !== "string") return undefined;
      return {
        id: `jwt-${payload.sub}`,
        profile: profileNamed(profiles, name, `the "${o.profileClaim}" claim`),
      };
    } catch {
      return undefined;
    }
  };
}

/**
 * The 401 answer; in JWT mode it points at the protected-resource metadata, as MCP authorization requires. A
 * caller that sent a token which was refused is told so (RFC 6750 §3.1 `invalid_token`), not asked for one.
 */
export function unauthorized(jwt: JwtOptions | undefined, tokenSent = false): Response {
  const scheme =
    jwt === undefined
      ? 'Bearer realm="codeagent-gateway"'
      : `Bearer resource_metadata="${new URL("/.well-known/oauth-protected-resource", jwt.resource).href}"`;
  const challenge = tokenSent ? `${scheme}, error="invalid_token"` : scheme;
  const message = tokenSent
    ? "Unauthorized: the bearer token was refused (unknown, expired or for another audience)"
    : "Unauthorized: send Authorization: Bearer TOKEN";
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32001, message }, id: null },
    { status: 401, headers: { "WWW-Authenticate": challenge } },
  );
}

export function resourceMetadata(jwt: JwtOptions): Response {
  return Response.json({
    resource: jwt.resource,
    authorization_servers: [jwt.issuer],
    bearer_methods_supported: ["header"],
  });
}
