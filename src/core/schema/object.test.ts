import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const empty = { type: "object", properties: {} };

describe("sanitizeSchema: objects", () => {
  it.each([
    {
      name: "required: unknown names removed, duplicates merged, non-strings ignored",
      input: {
        properties: { a: { type: "string" }, b: { type: "string" } },
        required: ["a", "zzz", "a", 3, "b"],
      },
      schema: {
        ...empty,
        properties: { a: { type: "string" }, b: { type: "string" } },
        required: ["a", "b"],
      },
      notes: ['(root): required "zzz" not in properties; removed'],
    },
    {
      name: "empty required omitted",
      input: { properties: { a: { type: "string" } }, required: [] },
      schema: { ...empty, properties: { a: { type: "string" } } },
      notes: [],
    },
    {
      name: "required that is not a list ignored",
      input: { properties: { a: { type: "string" } }, required: "a" },
      schema: { ...empty, properties: { a: { type: "string" } } },
      notes: ['(root): "required" is the string "a", ignored'],
    },
    {
      name: "draft-3 required: true inside a property honoured",
      input: {
        properties: { a: { type: "string", required: true }, b: { type: "string", required: false } },
      },
      schema: { ...empty, properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a"] },
      notes: [],
    },
    {
      name: "non-schema property values: type names repaired, others dropped",
      input: {
        properties: { type: "object", n: 5, nul: null, arr: [1], s: "hello", ok: { type: "boolean" } },
        required: ["n", "ok"],
      },
      schema: {
        ...empty,
        properties: { type: { type: "object", properties: {} }, ok: { type: "boolean" } },
        required: ["ok"],
      },
      notes: [
        '/properties/type: schema was the string "object", read as {"type": "object"}',
        "/properties/n: a number is not a schema; property dropped",
        "/properties/nul: null is not a schema; property dropped",
        "/properties/arr: an array is not a schema; property dropped",
        '/properties/s: the string "hello" is not a schema; property dropped',
        '(root): required "n" not in properties; removed',
      ],
    },
    {
      name: "properties that is not an object ignored",
      input: { type: "object", properties: [{ type: "string" }] },
      schema: empty,
      notes: ['(root): "properties" is an array, ignored'],
    },
    {
      name: "boolean property schemas: true is any value, false drops the property",
      input: { properties: { any: true, none: false }, required: ["any", "none"] },
      schema: { ...empty, properties: { any: { type: "string" } }, required: ["any"] },
      notes: [
        "/properties/none: accepts no value (false); property dropped",
        '(root): required "none" not in properties; removed',
      ],
    },
    {
      name: "additionalProperties: booleans kept, {} becomes true, schemas sanitized",
      input: {
        properties: {
          a: { type: "object", additionalProperties: false },
          b: { type: "object", additionalProperties: {} },
          c: { type: "object", additionalProperties: { anyOf: [{ type: "string" }, { type: "null" }] } },
          d: { type: "object", additionalProperties: { $ref: "#/$defs/V" } },
          e: { type: "object", additionalProperties: { not: {}, description: "never" } },
        },
        $defs: { V: { type: "integer" } },
      },
      schema: {
        ...empty,
        properties: {
          a: { ...empty, additionalProperties: false },
          b: { ...empty, additionalProperties: true },
          c: { ...empty, additionalProperties: { type: ["string", "null"] } },
          d: { ...empty, additionalProperties: { type: "integer" } },
          e: { ...empty, additionalProperties: { type: "string", description: "never" } },
        },
      },
      notes: [],
    },
    {
      name: "a property named __proto__ or constructor stays a plain key",
      input: JSON.parse(
        '{"properties": {"__proto__": {"type": "string"}, "constructor": {"type": "number"}}, "required": ["__proto__", "toString"]}',
      ) as unknown,
      schema: JSON.parse(
        '{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "number"}}, "required": ["__proto__"]}',
      ) as unknown,
      notes: ['(root): required "toString" not in properties; removed'],
    },
    {
      name: "property names starting with $ are data, kept",
      input: { properties: { $filter: { type: "string" } } },
      schema: { ...empty, properties: { $filter: { type: "string" } } },
      notes: [],
    },
  ])("$name", ({ input, schema, notes }) => {
    expect(sanitizeSchema(input)).toEqual({ schema, notes });
  });
});
