import { describe, expect, it } from "vitest";
import { challengeOf, chooseScope, parseBearerParams, type ScopeInputs } from "./scope.js";

describe("parseBearerParams", () => {
  it.each([
    [null, {}],
    ['Basic realm="x"', {}],
    [
      'Bearer resource_metadata="https://h/.well-known/x", scope="a b"',
      { resource_metadata: "https://h/.well-known/x", scope: "a b" },
    ],
    ["Bearer error=insufficient_scope, scope=write", { error: "insufficient_scope", scope: "write" }],
    // A DPoP-protected resource's challenge carries the same parameters (RFC 9449 §7.1).
    [
      'DPoP algs="ES256", resource_metadata="https://h/prm"',
      { algs: "ES256", resource_metadata: "https://h/prm" },
    ],
    [
      'bearer Error="invalid_token", error_description="say \\"hi\\""',
      { error: "invalid_token", error_description: 'say "hi"' },
    ],
  ])("%s", (header, expected) => {
    expect(parseBearerParams(header)).toEqual(expected);
  });
});

describe("challengeOf", () => {
  it.each([
    [200, null, undefined],
    [401, null, { kind: "unauthorized" }],
    [
      401,
      'Bearer scope="mcp:basic", resource_metadata="https://h/prm"',
      { kind: "unauthorized", scope: "mcp:basic", resourceMetadataUrl: "https://h/prm" },
    ],
    [403, 'Bearer error="insufficient_scope", scope="a b"', { kind: "insufficient_scope", scope: "a b" }],
    // A 403 for another reason is not ours to fix by authorizing again.
    [403, 'Bearer error="access_denied"', undefined],
    [403, null, undefined],
  ])("%i %s", (status, header, expected) => {
    expect(challengeOf(status, header)).toEqual(expected);
  });
});

describe("chooseScope", () => {
  const cases: [string, ScopeInputs, string | undefined][] = [
    ["nothing anywhere: omitted (the SDK may use scopes_supported)", { challenge: undefined }, undefined],
    ["the challenge's scope", { challenge: { kind: "unauthorized", scope: "mcp:basic" } }, "mcp:basic"],
    [
      "configured scopes when the server says nothing",
      { challenge: { kind: "unauthorized" }, configured: ["read", "write"] },
      "read write",
    ],
    [
      "challenge plus configured, without duplicates",
      { challenge: { kind: "unauthorized", scope: "read" }, configured: ["read", "admin"] },
      "read admin",
    ],
    [
      "a step-up keeps what was granted",
      { challenge: { kind: "insufficient_scope", scope: "mcp:basic mcp:write" }, granted: "mcp:basic" },
      "mcp:basic mcp:write",
    ],
    [
      "a 401 does not keep the old grant",
      { challenge: { kind: "unauthorized", scope: "x" }, granted: "y" },
      "x",
    ],
    [
      "a remembered step-up scope is asked for at login",
      { challenge: { kind: "unauthorized" }, remembered: "write" },
      "write",
    ],
  ];
  it.each(cases)("%s", (_name, inputs, expected) => {
    expect(chooseScope(inputs)).toBe(expected);
  });
});
