import { describe, expect, it } from "vitest";
import { replicaName, servePlan } from "./serve-options.js";

describe("mcp serve flags", () => {
  it("serves stdio with every tool by default", () => {
    expect(servePlan({})).toEqual({ mode: "tools", profile: "all", graceMs: 10_000 });
  });

  it("plans HTTP with tokens and defaults", () => {
    const p = servePlan({ http: "0.0.0.0:8080", tokenFile: "t", replica: "a", tools: "search" });
    expect(p).toEqual({
      mode: "search",
      profile: "all",
      graceMs: 10_000,
      http: {
        bind: { host: "0.0.0.0", port: 8080 },
        auth: { kind: "tokens", file: "t" },
        policy: { hosts: [], origins: [] },
        maxBodyBytes: 4 * 1024 * 1024,
        maxInflight: 32,
        replica: "a",
      },
    });
  });

  it.each([
    [{ http: "8080" }, "--http needs callers to authenticate"],
    [{ http: "0.0.0.0:8080", auth: false }, "--no-auth serves anyone who can reach 0.0.0.0"],
    [{ http: "8080", auth: false, tokenFile: "t" }, "give one of --token-file, --jwks-url and --no-auth"],
    [{ http: "8080", jwksUrl: "https://x/jwks" }, "--jwks-url needs --issuer ISSUER and --audience"],
    [{ tokenFile: "t" }, "--token-file applies to --http only"],
    [{ metricsTokenFile: "m" }, "--metrics-token-file applies to --http only"],
    [{ tools: "all" }, '--tools must be tools, search or code, got "all"'],
    [{ http: "8080", auth: false, maxInflight: "0" }, "--max-inflight must be a whole number of at least 1"],
    [{ http: "8080", auth: false, replica: "a.b" }, "--replica a.b: use 1-40 letters, digits or -"],
  ])("refuses %j", (flags, message) => {
    expect(() => servePlan(flags)).toThrow(message);
  });

  it("plans JWT mode with the audience as the resource", () => {
    const p = servePlan({
      http: "9000",
      jwksUrl: "https://i/jwks",
      issuer: "https://i",
      audience: "https://gw",
    });
    expect(p.http?.auth).toEqual({
      kind: "jwt",
      jwksUrl: "https://i/jwks",
      issuer: "https://i",
      audience: "https://gw",
      profileClaim: "profile",
      resource: "https://gw",
    });
  });

  it("makes a replica name from the host name", () => {
    expect(replicaName(undefined, "gw_1.prod")).toBe("gw-1-prod");
  });
});
