import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { oauthGrantProblems } from "../../core/config/oauth-grant.js";
import type { OAuthConfig } from "../../core/config/types.js";
import { argumentsFor, sampleArguments } from "./conformance-client.js";
import { contextOAuth, parseConformanceContext } from "./conformance-context.js";

describe("sampleArguments", () => {
  it.each([
    [
      { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
      { a: 1, b: 2 },
    ],
    [{ type: "object", properties: {} }, {}],
    [undefined, {}],
    [
      {
        type: "object",
        properties: {
          mode: { type: "string", enum: ["fast", "slow"] },
          n: { type: "integer", default: 7 },
          on: { type: "boolean" },
          tags: { type: "array" },
          name: { type: ["string", "null"] },
          nested: { type: "object", properties: { x: { type: "number" } } },
        },
      },
      { mode: "fast", n: 7, on: true, tags: [], name: "test", nested: { x: 1 } },
    ],
  ])("%j", (schema, expected) => {
    expect(sampleArguments(schema)).toEqual(expected);
  });
});

describe("MCP_CONFORMANCE_CONTEXT", () => {
  it("turns each scenario's credentials into the oauth keys a user would write", () => {
    const dir = mkdtempSync(join(tmpdir(), "ctx-"));
    const oauth = (ctx: object) => contextOAuth(parseConformanceContext(JSON.stringify(ctx)), dir);
    expect(oauth({ name: "auth/client-credentials-basic", client_id: "c", client_secret: "s" })).toEqual({
      grant: "client_credentials",
      clientId: "c",
      clientSecret: "s",
    });
    const jwt = { name: "auth/client-credentials-jwt", client_id: "c", private_key_pem: "-----BEGIN…" };
    expect(oauth(jwt)).toEqual({
      grant: "client_credentials",
      clientId: "c",
      privateKeyFile: join(dir, "client-key.pem"),
    });
    expect(readFileSync(join(dir, "client-key.pem"), "utf8")).toBe("-----BEGIN…");
    const xaa = {
      client_id: "c",
      client_secret: "s",
      idp_client_id: "i",
      idp_id_token: "t",
      idp_issuer: "https://idp",
      idp_token_endpoint: "https://idp/token",
    };
    const enterprise = {
      grant: "enterprise",
      clientId: "c",
      clientSecret: "s",
      idp: { tokenEndpoint: "https://idp/token", clientId: "i", idToken: "t" },
    };
    expect(oauth({ name: "auth/cross-app-access-complete-flow", ...xaa })).toEqual(enterprise);
    expect(oauth({ name: "auth/enterprise-managed-authorization", ...xaa })).toEqual(enterprise);
    expect(
      oauth({ name: "auth/wif-jwt-bearer", client_id: "w", valid_jwt: "j.w.t", expired_jwt: "x" }),
    ).toEqual({
      grant: "workload_identity",
      clientId: "w",
      assertion: "j.w.t",
    });
    // Pre-registration is the authorization-code flow with a configured client.
    expect(oauth({ name: "auth/pre-registration", client_id: "c", client_secret: "s" })).toEqual({
      clientId: "c",
      clientSecret: "s",
    });
    for (const o of [enterprise, oauth(jwt)]) expect(oauthGrantProblems(o as OAuthConfig)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("ignores an unset or unknown context and refuses one that is not JSON", () => {
    expect(parseConformanceContext(undefined)).toBeUndefined();
    expect(parseConformanceContext(JSON.stringify({ name: "auth/something-new" }))).toBeUndefined();
    expect(() => parseConformanceContext("{")).toThrow("MCP_CONFORMANCE_CONTEXT is not JSON");
  });
});

describe("argumentsFor", () => {
  it("passes the sibling's raw schema back verbatim to SEP-1613's echo tool, sample arguments otherwise", () => {
    const focal = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { a: {} },
      type: "object",
    };
    const echo = { type: "object", properties: { schema: { type: "object" } }, required: ["schema"] };
    const raw = new Map<string, unknown>([
      ["json_schema_2020_12_tool", focal],
      ["json_schema_echo", echo],
    ]);
    expect(argumentsFor("json_schema_echo", raw)).toEqual({ schema: focal });
    expect(argumentsFor("json_schema_2020_12_tool", raw)).toEqual({});
  });
});
