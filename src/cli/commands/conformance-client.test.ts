import { ClientCredentialsProvider, PrivateKeyJwtProvider } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { CrossAppAccessProvider } from "../../core/mcp/oauth/cross-app.js";
import { argumentsFor, sampleArguments } from "./conformance-client.js";
import { contextGrant, parseConformanceContext } from "./conformance-context.js";

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
  it("picks the grant of each scenario's context", () => {
    const grant = (ctx: object) => contextGrant(parseConformanceContext(JSON.stringify(ctx)));
    expect(
      grant({ name: "auth/client-credentials-basic", client_id: "c", client_secret: "s" }),
    ).toBeInstanceOf(ClientCredentialsProvider);
    expect(
      grant({
        name: "auth/client-credentials-jwt",
        client_id: "c",
        private_key_pem: "-----BEGIN…",
        signing_algorithm: "ES256",
      }),
    ).toBeInstanceOf(PrivateKeyJwtProvider);
    const xaa = {
      name: "auth/cross-app-access-complete-flow",
      client_id: "c",
      client_secret: "s",
      idp_client_id: "i",
      idp_id_token: "t",
      idp_issuer: "https://idp",
      idp_token_endpoint: "https://idp/token",
    };
    expect(grant(xaa)).toBeInstanceOf(CrossAppAccessProvider);
    // Pre-registration is the authorization-code flow with a configured client: no special grant.
    expect(grant({ name: "auth/pre-registration", client_id: "c", client_secret: "s" })).toBeUndefined();
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
