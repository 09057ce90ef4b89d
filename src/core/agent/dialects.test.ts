import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "../schema/sanitize.js";
import { applyDialect, dialectFor, type Dialect } from "./dialects.js";

const union = { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] };

function both(raw: Record<string, unknown>, dialect: Dialect) {
  return applyDialect(dialect, sanitizeSchema(raw).schema, raw);
}

describe("schema dialects", () => {
  it("maps providers to dialects", () => {
    expect(["openai", "anthropic", "openai-compatible", "ollama"].map((p) => dialectFor(p as never))).toEqual(
      ["openai", "anthropic", "portable", "portable"],
    );
  });

  it.each([
    [
      "a property union comes back, described by its own text",
      { type: "object", properties: { labels: { ...union, description: "labels" } }, required: ["labels"] },
      {
        type: "object",
        properties: { labels: { ...union, description: "labels" } },
        required: ["labels"],
      },
    ],
    [
      "`X | null` stays the optional X of §6 (no union to restore)",
      { type: "object", properties: { n: { anyOf: [{ type: "number" }, { type: "null" }] } } },
      { type: "object", properties: { n: { type: "number" } } },
    ],
    [
      "a mixed-literal union (MongoDB sort) keeps every variant",
      {
        type: "object",
        properties: {
          sort: {
            anyOf: [
              { type: "number", enum: [1, -1] },
              { type: "string", enum: ["asc", "desc"] },
              { type: "object", properties: { $meta: { type: "string" } } },
            ],
          },
        },
      },
      {
        type: "object",
        properties: {
          sort: {
            anyOf: [
              { type: "number", enum: [1, -1] },
              { type: "string", enum: ["asc", "desc"] },
              { type: "object", properties: { $meta: { type: "string" } } },
            ],
          },
        },
      },
    ],
    [
      "unions inside $ref'd objects and array items, variants sanitized ($ref inlined)",
      {
        type: "object",
        $defs: { Id: { oneOf: [{ type: "integer" }, { type: "string", format: "uuid" }] } },
        properties: {
          items: {
            type: "array",
            items: { type: "object", properties: { id: { $ref: "#/$defs/Id" } } },
          },
        },
      },
      {
        type: "object",
        properties: {
          items: {
            type: "array",
            items: {
              type: "object",
              properties: { id: { anyOf: [{ type: "integer" }, { type: "string", format: "uuid" }] } },
            },
          },
        },
      },
    ],
  ])("openai and anthropic: %s", (_, raw, expected) => {
    expect(both(raw, "openai")).toEqual(expected);
    expect(both(raw, "anthropic")).toEqual(expected);
  });

  it("never puts a combinator at the root; the portable dialect is the §6 schema unchanged", () => {
    const raw = {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { b: { type: "number" } } },
      ],
    };
    const portable = sanitizeSchema(raw).schema;
    for (const d of ["openai", "anthropic", "portable"] as const) {
      const s = applyDialect(d, portable, raw);
      expect([s.type, "anyOf" in s, "oneOf" in s]).toEqual(["object", false, false]);
    }
    const withUnion = { type: "object", properties: { l: union } };
    expect(both(withUnion, "portable")).toEqual(sanitizeSchema(withUnion).schema);
  });

  it("a recursive $ref stops at the cycle instead of looping", () => {
    const raw = {
      type: "object",
      $defs: {
        Node: {
          type: "object",
          properties: { next: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "string" }] } },
        },
      },
      properties: { root: { $ref: "#/$defs/Node" } },
    };
    const s = both(raw, "openai") as { properties: { root: { properties: { next: { anyOf: unknown[] } } } } };
    expect(s.properties.root.properties.next.anyOf).toHaveLength(2);
  });

  it("never mutates its inputs", () => {
    const raw = { type: "object", properties: { labels: union } };
    const copy = structuredClone(raw);
    const portable = sanitizeSchema(raw).schema;
    const before = structuredClone(portable);
    applyDialect("openai", portable, raw);
    expect([raw, portable]).toEqual([copy, before]);
  });
});
