// What each `oauth.grant` needs, checked when the config is read, so a missing credential is reported with
// the key to add before any request is made. Pure: a table of grants and their keys.
import type { OAuthConfig, OAuthGrant } from "./types.js";

export const OAUTH_GRANTS = [
  "authorization_code",
  "client_credentials",
  "workload_identity",
  "enterprise",
] as const satisfies readonly OAuthGrant[];

export interface OAuthProblem {
  path: (string | number)[];
  message: string;
}

/** Keys that belong to one grant only; set under another they would be silently unused. */
const OWN_KEYS: Record<string, OAuthGrant> = {
  privateKeyFile: "client_credentials",
  assertion: "workload_identity",
  assertionFile: "workload_identity",
  idp: "enterprise",
};

export function oauthGrantProblems(o: OAuthConfig): OAuthProblem[] {
  const grant = o.grant ?? "authorization_code";
  const out: OAuthProblem[] = [];
  const missing = (path: (string | number)[], what: string) =>
    out.push({ path, message: `oauth.grant "${grant}" needs ${what}` });
  for (const [key, owner] of Object.entries(OWN_KEYS))
    if (o[key as keyof OAuthConfig] !== undefined && owner !== grant)
      out.push({ path: [key], message: `is used only with "grant": "${owner}"` });
  const one = (path: (string | number)[], a: string, b: string, has: [boolean, boolean]) => {
    if (!has[0] && !has[1]) missing(path, `${a} or ${b}`);
    else if (has[0] && has[1]) out.push({ path, message: `give ${a} or ${b}, not both` });
  };
  switch (grant) {
    case "authorization_code":
      break;
    case "client_credentials":
      if (o.clientId === undefined) missing(["clientId"], "oauth.clientId");
      one([], "oauth.clientSecret", "oauth.privateKeyFile", [
        o.clientSecret !== undefined,
        o.privateKeyFile !== undefined,
      ]);
      break;
    case "workload_identity":
      if (o.clientId === undefined) missing(["clientId"], "oauth.clientId");
      one([], "oauth.assertion", "oauth.assertionFile", [
        o.assertion !== undefined,
        o.assertionFile !== undefined,
      ]);
      break;
    case "enterprise":
      if (o.clientId === undefined) missing(["clientId"], "oauth.clientId");
      if (o.clientSecret === undefined) missing(["clientSecret"], "oauth.clientSecret");
      if (o.idp === undefined) {
        missing(["idp"], "oauth.idp (tokenEndpoint, clientId, idToken or idTokenFile)");
        break;
      }
      if (o.idp.tokenEndpoint === undefined) missing(["idp", "tokenEndpoint"], "oauth.idp.tokenEndpoint");
      if (o.idp.clientId === undefined) missing(["idp", "clientId"], "oauth.idp.clientId");
      one(["idp"], "oauth.idp.idToken", "oauth.idp.idTokenFile", [
        o.idp.idToken !== undefined,
        o.idp.idTokenFile !== undefined,
      ]);
      break;
  }
  return out;
}
