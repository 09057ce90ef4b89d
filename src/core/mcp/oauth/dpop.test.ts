import { describe, expect, it } from "vitest";
import { dpopAlgorithm, loadOrCreateKey, sessionFromKey } from "./dpop.js";
import { MemoryOAuthStore } from "./store.js";

const as = (algs?: string[]) => ({
  authorizationServerMetadata: {
    issuer: "https://as",
    authorization_endpoint: "https://as/a",
    token_endpoint: "https://as/t",
    response_types_supported: ["code"],
    ...(algs !== undefined && { dpop_signing_alg_values_supported: algs }),
  },
});
const requiredByResource = {
  resourceMetadata: { resource: "https://rs", dpop_bound_access_tokens_required: true },
};

describe("dpopAlgorithm", () => {
  it.each([
    ["nothing discovered, no setting", undefined, undefined, undefined],
    ["the AS does not offer DPoP", undefined, as(), undefined],
    ["the AS offers ES256", undefined, as(["RS256", "ES256"]), "ES256"],
    ["the AS offers only others we can sign", undefined, as(["PS256", "EdDSA"]), "PS256"],
    ["the AS offers only algorithms we cannot sign", undefined, as(["HS256"]), undefined],
    ["the resource requires bound tokens", undefined, requiredByResource, "ES256"],
    ["dpop: true without an offer", true, as(), "ES256"],
    ["dpop: false where offered", false, as(["ES256"]), undefined],
    ["dpop: false where required", false, requiredByResource, undefined],
  ] as const)("%s", (_what, setting, discovery, expected) => {
    expect(dpopAlgorithm(setting, discovery as Parameters<typeof dpopAlgorithm>[1])).toBe(expected);
  });
});

describe("the stored key", () => {
  it("is made once per record and signs proofs whose key matches its thumbprint", async () => {
    const store = new MemoryOAuthStore();
    const key = await loadOrCreateKey(store, "ES256");
    expect(await loadOrCreateKey(store, "ES256")).toBe(key);
    expect(store.read().dpopKey).toEqual(key);
    const a = await sessionFromKey(key);
    const b = await sessionFromKey(structuredClone(key));
    expect([a.alg, a.thumbprint]).toEqual(["ES256", b.thumbprint]);
    expect(a.publicJwk).not.toHaveProperty("d");
    const proof = await a.buildProof({ htm: "post", htu: "https://rs/mcp?x=1" });
    const payload = JSON.parse(Buffer.from(proof.split(".")[1]!, "base64url").toString()) as Record<
      string,
      unknown
    >;
    expect([payload.htm, payload.htu]).toEqual(["POST", "https://rs/mcp"]);
  });
});
