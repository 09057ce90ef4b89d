import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

/** Sanitizes `{properties: {p: input}, required: ["p"]}` and returns p's schema and whether p stayed required. */
function prop(input: unknown) {
  const { schema, notes } = sanitizeSchema({ type: "object", properties: { p: input }, required: ["p"] });
  return { p: schema.properties.p, required: schema.required?.includes("p") ?? false, notes };
}

describe("type inference (no usable `type`)", () => {
  it.each([
    [
      "properties → object",
      { properties: { a: { type: "string" } } },
      { type: "object", properties: { a: { type: "string" } } },
    ],
    [
      "additionalProperties → object",
      { additionalProperties: { type: "number" } },
      { type: "object", properties: {}, additionalProperties: { type: "number" } },
    ],
    ["required list → object", { required: [] }, { type: "object", properties: {} }],
    ["items → array", { items: { type: "string" } }, { type: "array", items: { type: "string" } }],
    [
      "minItems → array (items added)",
      { minItems: 1 },
      { type: "array", items: { type: "string" }, minItems: 1 },
    ],
    ["string enum → string", { enum: ["a", "b"] }, { type: "string", enum: ["a", "b"] }],
    ["number enum → number", { enum: [1, 2.5] }, { type: "number", enum: [1, 2.5] }],
    ["boolean enum → boolean", { enum: [true, false] }, { type: "boolean", enum: [true, false] }],
    [
      "mixed enum → the values' types, values kept",
      { enum: ["a", 1, true] },
      { type: ["string", "number", "boolean"], enum: ["a", 1, true] },
    ],
    ["const string → enum [x]", { const: "fixed" }, { type: "string", enum: ["fixed"] }],
    ["const number → enum [x]", { const: 3 }, { type: "number", enum: [3] }],
    ["const object → object enum", { const: { a: 1 } }, { type: "object", properties: {}, enum: [{ a: 1 }] }],
    ["format → string", { format: "uri" }, { type: "string", format: "uri" }],
    ["pattern → string", { pattern: "^a+$" }, { type: "string", pattern: "^a+$" }],
    ["minLength → string", { minLength: 3 }, { type: "string", minLength: 3 }],
    ["minimum/maximum → number", { minimum: 0, maximum: 10 }, { type: "number", minimum: 0, maximum: 10 }],
    [
      "default value's type",
      { default: 5, description: "count" },
      { type: "number", default: 5, description: "count" },
    ],
    [
      "default array → array",
      { default: ["x"] },
      { type: "array", items: { type: "string" }, default: ["x"] },
    ],
    [
      "description only → string (permissive default)",
      { description: "any" },
      { type: "string", description: "any" },
    ],
    [
      "description + default null → string, null default dropped",
      { description: "any", default: null },
      { type: "string", description: "any" },
    ],
    ["empty schema → string", {}, { type: "string" }],
    ["type null (JSON null) → inferred", { type: null, enum: ["x"] }, { type: "string", enum: ["x"] }],
    ['type "unknown" → inferred', { type: "unknown", properties: {} }, { type: "object", properties: {} }],
    ["type 42 → inferred", { type: 42 }, { type: "string" }],
    ['uppercase "STRING" (Gemini spelling) accepted', { type: "STRING" }, { type: "string" }],
    ["integer stays integer", { type: "integer", minimum: 1 }, { type: "integer", minimum: 1 }],
    [
      "keywords of other types dropped",
      { type: "string", minimum: 1, items: {}, maxLength: 4 },
      { type: "string", maxLength: 4 },
    ],
  ])("%s", (_name, input, expected) => {
    expect(prop(input)).toEqual({ p: expected, required: true, notes: [] });
  });
});

describe("type arrays", () => {
  it.each([
    ["[string, null] → optional string", { type: ["string", "null"] }, { type: "string" }, false, []],
    [
      "[null, array] with nullable items",
      { type: ["null", "array"], items: { type: ["object", "null"] } },
      // The array itself is optional; its items keep null (an item cannot be left out).
      { type: "array", items: { type: ["object", "null"], properties: {} } },
      false,
      [],
    ],
    ["[integer, number] → number", { type: ["integer", "number"] }, { type: "number" }, true, []],
    ["[string] → string", { type: ["string"] }, { type: "string" }, true, []],
    ["[null] → null", { type: ["null"] }, { type: "null" }, true, []],
    ["[] → inferred", { type: [], format: "date" }, { type: "string", format: "date" }, true, []],
    ["invalid members ignored", { type: ["bogus", "boolean", 7] }, { type: "boolean" }, true, []],
    [
      "[string, number] stays a list: a number is still accepted",
      { type: ["string", "number"], description: "id" },
      { type: ["string", "number"], description: "id" },
      true,
      [],
    ],
    [
      "[boolean, object, null] → optional [object, boolean]",
      { type: ["boolean", "object", "null"] },
      { type: ["object", "boolean"], properties: {} },
      false,
      [],
    ],
    [
      "nullable: true (OpenAPI) → optional",
      { type: "string", nullable: true },
      { type: "string" },
      false,
      [],
    ],
    [
      "null in enum → optional, null removed",
      { enum: ["a", null] },
      { type: "string", enum: ["a"] },
      false,
      [],
    ],
  ])("%s", (_name, input, expected, required, notes) => {
    expect(prop(input)).toEqual({ p: expected, required, notes });
  });
});
