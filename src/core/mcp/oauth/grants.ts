// The grant a server's `oauth.grant` names, as the SDK provider that runs it. The authorization-code flow
// (the default) is CodeagentOAuthProvider's; the others need no user: client credentials (a secret, or a
// private-key JWT, RFC 7523 §2.2), workload identity federation (the workload's JWT as a JWT bearer grant)
// and enterprise-managed authorization (the user's ID token exchanged at their IdP for an ID-JAG, SEP-990).
// Their tokens live in memory: the credential that gets them is always at hand.
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from "@modelcontextprotocol/client";
import type { FetchLike } from "@modelcontextprotocol/client";
import type { OAuthConfig } from "../../config/types.js";
import { CodeagentError, errorMessage } from "../../errors.js";
import { CrossAppAccessProvider } from "./cross-app.js";
import { WorkloadIdentityProvider } from "./workload-identity.js";

export interface GrantOptions {
  fetch?: FetchLike;
  readFile?: (path: string) => string;
}

/** The provider for a non-interactive grant, or undefined for the authorization-code flow. */
export function grantProvider(
  o: OAuthConfig | undefined,
  opts: GrantOptions = {},
): OAuthClientProvider | undefined {
  const read = opts.readFile ?? ((p: string) => readFileSync(p, "utf8"));
  const file = (key: string, path: string) => () => {
    try {
      return read(path).trim();
    } catch (e) {
      throw new CodeagentError("CONFIG_INVALID", `cannot read oauth.${key} (${path}): ${errorMessage(e)}`);
    }
  };
  // The config loader checked that each grant has what it needs (grantProblem); `need` is its backstop.
  const need = (key: string, v: string | undefined): string => {
    if (v === undefined)
      throw new CodeagentError("CONFIG_INVALID", `oauth.grant "${o?.grant}" needs oauth.${key}`);
    return v;
  };
  switch (o?.grant) {
    case undefined:
    case "authorization_code":
      return undefined;
    case "client_credentials": {
      const clientId = need("clientId", o.clientId);
      const issuer = o.issuer !== undefined ? { expectedIssuer: o.issuer } : {};
      if (o.privateKeyFile === undefined)
        return new ClientCredentialsProvider({
          clientId,
          clientSecret: need("clientSecret", o.clientSecret),
          ...issuer,
        });
      const pem = file("privateKeyFile", o.privateKeyFile)();
      return new PrivateKeyJwtProvider({
        clientId,
        privateKey: pem,
        algorithm: jwsAlgorithm(pem),
        ...issuer,
      });
    }
    case "workload_identity": {
      const inline = o.assertion;
      return new WorkloadIdentityProvider({
        clientId: need("clientId", o.clientId),
        ...(o.issuer !== undefined && { issuer: o.issuer }),
        assertion:
          inline !== undefined ? () => inline : file("assertionFile", need("assertionFile", o.assertionFile)),
      });
    }
    case "enterprise": {
      const idp = o.idp;
      const inline = idp?.idToken;
      return new CrossAppAccessProvider({
        clientId: need("clientId", o.clientId),
        clientSecret: need("clientSecret", o.clientSecret),
        ...(o.issuer !== undefined && { issuer: o.issuer }),
        idpTokenEndpoint: need("idp.tokenEndpoint", idp?.tokenEndpoint),
        idpClientId: need("idp.clientId", idp?.clientId),
        ...(idp?.clientSecret !== undefined && { idpClientSecret: idp.clientSecret }),
        idToken:
          inline !== undefined
            ? () => inline
            : file("idp.idTokenFile", need("idp.idTokenFile", idp?.idTokenFile)),
        ...(opts.fetch !== undefined && { fetch: opts.fetch }),
      });
    }
  }
}

/** The JWS algorithm a PEM private key signs client assertions with (RFC 7518 names). */
export function jwsAlgorithm(pem: string): string {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch (e) {
    throw new CodeagentError(
      "CONFIG_INVALID",
      `oauth.privateKeyFile is not a PEM private key: ${errorMessage(e)}`,
    );
  }
  const d = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case "ec":
      return d?.namedCurve === "secp384r1" ? "ES384" : d?.namedCurve === "secp521r1" ? "ES512" : "ES256";
    case "rsa":
      return "RS256";
    case "rsa-pss":
      return "PS256";
    case "ed25519":
      return "EdDSA";
    default:
      throw new CodeagentError(
        "CONFIG_INVALID",
        `oauth.privateKeyFile holds a ${key.asymmetricKeyType ?? "unknown"} key; use an EC, RSA or Ed25519 key`,
      );
  }
}
