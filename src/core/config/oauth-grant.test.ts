import { describe, expect, it } from "vitest";
import { oauthGrantProblems, type OAuthProblem } from "./oauth-grant.js";
import { configSchemas } from "./schema.js";
import type { OAuthConfig } from "./types.js";

const idp = { tokenEndpoint: "https://idp/token", clientId: "c", idToken: "t" };

describe("oauthGrantProblems", () => {
  it.each<[string, OAuthConfig, OAuthProblem[]]>([
    ["the default flow needs nothing", {}, []],
    ["a pre-registered client", { clientId: "a", clientSecret: "s" }, []],
    [
      "client credentials with a secret",
      { grant: "client_credentials", clientId: "a", clientSecret: "s" },
      [],
    ],
    [
      "client credentials with a key",
      { grant: "client_credentials", clientId: "a", privateKeyFile: "/k" },
      [],
    ],
    [
      "client credentials without a client",
      { grant: "client_credentials" },
      [
        { path: ["clientId"], message: 'oauth.grant "client_credentials" needs oauth.clientId' },
        {
          path: [],
          message: 'oauth.grant "client_credentials" needs oauth.clientSecret or oauth.privateKeyFile',
        },
      ],
    ],
    [
      "client credentials with both secrets",
      { grant: "client_credentials", clientId: "a", clientSecret: "s", privateKeyFile: "/k" },
      [{ path: [], message: "give oauth.clientSecret or oauth.privateKeyFile, not both" }],
    ],
    ["workload identity from a file", { grant: "workload_identity", clientId: "a", assertionFile: "/t" }, []],
    [
      "workload identity without an assertion",
      { grant: "workload_identity", clientId: "a" },
      [{ path: [], message: 'oauth.grant "workload_identity" needs oauth.assertion or oauth.assertionFile' }],
    ],
    ["enterprise", { grant: "enterprise", clientId: "a", clientSecret: "s", idp }, []],
    [
      "enterprise without the IdP's token endpoint and token",
      { grant: "enterprise", clientId: "a", clientSecret: "s", idp: { clientId: "c" } },
      [
        { path: ["idp", "tokenEndpoint"], message: 'oauth.grant "enterprise" needs oauth.idp.tokenEndpoint' },
        {
          path: ["idp"],
          message: 'oauth.grant "enterprise" needs oauth.idp.idToken or oauth.idp.idTokenFile',
        },
      ],
    ],
    [
      "a key of another grant",
      { assertion: "x", idp },
      [
        { path: ["assertion"], message: 'is used only with "grant": "workload_identity"' },
        { path: ["idp"], message: 'is used only with "grant": "enterprise"' },
      ],
    ],
  ])("%s", (_what, oauth, expected) => {
    expect(oauthGrantProblems(oauth)).toEqual(expected);
  });
});

describe("a server entry", () => {
  it("reports a grant's missing key under oauth when the config is read", () => {
    const r = configSchemas().serverEntrySchema.safeParse({
      url: "https://h/mcp",
      oauth: { grant: "workload_identity", assertionFile: "/t" },
    });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["oauth.clientId", 'oauth.grant "workload_identity" needs oauth.clientId'],
    ]);
    const bad = configSchemas().serverEntrySchema.safeParse({
      url: "https://h/mcp",
      oauth: { grant: "password" },
    });
    expect(bad.success ? "" : bad.error.issues[0]!.message).toContain('expected "authorization_code"');
  });
});
