// OAuth resource-server mode: real JWTs signed with a real key pair, checked against its JWKS (jose).
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { jwtAuth, unauthorized, type JwtOptions } from "./http-auth.js";
import { parseProfiles } from "./profiles.js";

const profiles = parseProfiles({ profiles: { ro: { servers: ["a"] } } }, "s.json");
const opts = {
  jwksUrl: "https://issuer.example/jwks",
  issuer: "https://issuer.example",
  audience: "https://gw.example/mcp",
  profileClaim: "profile",
  resource: "https://gw.example/mcp",
};

async function setup() {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const other = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  const auth = jwtAuth(opts, profiles, createLocalJWKSet({ keys: [jwk] }));
  const sign = (claims: Record<string, unknown>, key = privateKey, o: { exp?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setIssuer((claims.iss as string | undefined) ?? opts.issuer)
      .setAudience((claims.aud as string | undefined) ?? opts.audience)
      .setSubject("alice")
      .setExpirationTime(o.exp ?? "5m")
      .sign(key);
  return { auth, sign, otherKey: other.privateKey };
}

describe("JWT callers", () => {
  it("takes the caller from the subject and the profile from its claim", async () => {
    const { auth, sign } = await setup();
    expect(await auth(`Bearer ${await sign({ profile: "ro" })}`)).toEqual({
      id: "jwt-alice",
      profile: { name: "ro", servers: ["a"] },
    });
  });

  it("refuses a wrong issuer, audience or key, an expired token, an unknown profile, no header", async () => {
    const { auth, sign, otherKey } = await setup();
    const refused = [
      await sign({ profile: "ro", iss: "https://evil.example" }),
      await sign({ profile: "ro", aud: "https://other.example/mcp" }),
      await sign({ profile: "ro" }, otherKey),
      await sign({ profile: "ro" }, undefined, { exp: "-1m" }),
      await sign({ profile: "admin" }),
      await sign({}),
    ];
    for (const t of refused) expect(await auth(`Bearer ${t}`)).toBeUndefined();
    expect(await auth(null)).toBeUndefined();
  });

  it("points a refused caller at the protected-resource metadata, and says when its token was refused", () => {
    const meta = 'Bearer resource_metadata="https://gw.example/.well-known/oauth-protected-resource"';
    const rows: [JwtOptions | undefined, boolean, string][] = [
      [opts, false, meta],
      [opts, true, `${meta}, error="invalid_token"`],
      [undefined, false, 'Bearer realm="codeagent-gateway"'],
      [undefined, true, 'Bearer realm="codeagent-gateway", error="invalid_token"'],
    ];
    for (const [jwt, sent, want] of rows)
      expect(unauthorized(jwt, sent).headers.get("www-authenticate")).toBe(want);
  });
});
