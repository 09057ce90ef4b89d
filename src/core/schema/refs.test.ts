import { describe, expect, it } from "vitest";
import { resolveRef } from "./refs.js";
import { sanitizeSchema } from "./sanitize.js";

const doc = {
  $id: "https://example.com/tool.json",
  $defs: {
    A: { type: "string" },
    "a/b": { type: "number" },
    "m~n": { type: "boolean" },
    "x y": { type: "integer" },
  },
  definitions: { Old: { type: "object" } },
  properties: { list: { type: "array", items: { type: "string", description: "item" } } },
  tuple: [{ type: "null" }],
};

describe("resolveRef", () => {
  it.each([
    ["#/$defs/A", { found: true, target: { type: "string" }, name: "A" }],
    ["#/definitions/Old", { found: true, target: { type: "object" }, name: "Old" }],
    ["#/$defs/a~1b", { found: true, target: { type: "number" }, name: "a/b" }],
    ["#/$defs/m~0n", { found: true, target: { type: "boolean" }, name: "m~n" }],
    ["#/$defs/x%20y", { found: true, target: { type: "integer" }, name: "x y" }],
    [
      "#/properties/list/items",
      { found: true, target: { type: "string", description: "item" }, name: "items" },
    ],
    ["#/tuple/0", { found: true, target: { type: "null" }, name: "0" }],
    ["https://example.com/tool.json#/$defs/A", { found: true, target: { type: "string" }, name: "A" }],
    ["#", { found: true, target: doc, name: "root" }],
    ["#/$defs/Missing", { found: false, reason: "reference #/$defs/Missing not found" }],
    ["#/tuple/1", { found: false, reason: "reference #/tuple/1 not found" }],
    ["#/$defs/toString", { found: false, reason: "reference #/$defs/toString not found" }],
    ["#/$defs/%E0%A4%A", { found: false, reason: "reference #/$defs/%E0%A4%A not found" }],
    ["#node", { found: false, reason: "anchor reference #node not supported" }],
    ["other.json#/$defs/A", { found: false, reason: "remote reference other.json#/$defs/A not followed" }],
    [
      "https://elsewhere.org/s.json",
      { found: false, reason: "remote reference https://elsewhere.org/s.json not followed" },
    ],
  ])("%s", (ref, expected) => {
    expect(resolveRef(ref, doc)).toEqual(expected);
  });
});

describe("sanitizeSchema: $ref inlined", () => {
  it.each([
    {
      name: "pydantic $defs inlined, $defs and $schema dropped",
      input: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "urn:x",
        $comment: "generated",
        type: "object",
        properties: { issue: { $ref: "#/$defs/Issue" } },
        required: ["issue"],
        $defs: { Issue: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
      },
      schema: {
        type: "object",
        properties: { issue: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
        required: ["issue"],
      },
      notes: [],
    },
    {
      name: "draft-07 definitions inlined",
      input: {
        properties: { when: { $ref: "#/definitions/Date" } },
        definitions: { Date: { type: "string", format: "date" } },
      },
      schema: { type: "object", properties: { when: { type: "string", format: "date" } } },
      notes: [],
    },
    {
      name: "ref with sibling description and default: siblings win over the target",
      input: {
        properties: { mode: { $ref: "#/$defs/Mode", description: "how to run", default: "fast" } },
        $defs: { Mode: { type: "string", enum: ["fast", "slow"], description: "A mode." } },
      },
      schema: {
        type: "object",
        properties: {
          mode: { type: "string", enum: ["fast", "slow"], description: "how to run", default: "fast" },
        },
      },
      notes: [],
    },
    {
      name: "ref with sibling properties: both sets kept",
      input: {
        properties: {
          p: { $ref: "#/$defs/Base", properties: { extra: { type: "boolean" } }, required: ["extra"] },
        },
        $defs: { Base: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
      },
      schema: {
        type: "object",
        properties: {
          p: {
            type: "object",
            properties: { id: { type: "string" }, extra: { type: "boolean" } },
            required: ["id", "extra"],
          },
        },
      },
      notes: [],
    },
    {
      name: "chain of refs followed",
      input: {
        properties: { a: { $ref: "#/$defs/A" } },
        $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/C" }, C: { type: "number" } },
      },
      schema: { type: "object", properties: { a: { type: "number" } } },
      notes: [],
    },
    {
      name: "the same definition used twice is inlined twice (not a cycle)",
      input: {
        properties: {
          from: { $ref: "#/$defs/P" },
          to: { $ref: "#/$defs/P" },
          both: { allOf: [{ $ref: "#/$defs/P" }, { $ref: "#/$defs/P" }] },
        },
        $defs: { P: { type: "object", properties: { x: { type: "number" } } } },
      },
      schema: {
        type: "object",
        properties: {
          from: { type: "object", properties: { x: { type: "number" } } },
          to: { type: "object", properties: { x: { type: "number" } } },
          both: { type: "object", properties: { x: { type: "number" } } },
        },
      },
      notes: [],
    },
    {
      name: "$dynamicRef, $anchor, $vocabulary and unknown $ keywords dropped",
      input: {
        $vocabulary: { x: true },
        $anchor: "top",
        properties: { a: { $dynamicRef: "#meta", $anchor: "a", type: "string", $extra: 1 } },
      },
      schema: { type: "object", properties: { a: { type: "string" } } },
      notes: [],
    },
  ])("$name", ({ input, schema, notes }) => {
    expect(sanitizeSchema(input)).toEqual({ schema, notes });
  });
});
