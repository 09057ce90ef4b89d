// Property-based checks of the sanitizer's guarantees on arbitrary JSON and on generated schema-like
// objects (refs that resolve, dangle or recurse; unions; allOf; tuples; type arrays; hostile text).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const TYPES = ["object", "array", "string", "number", "integer", "boolean", "null"];
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** Every violated guarantee, as readable strings (an empty list is a pass). */
function violations(schema: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<object>();
  const root = schema as Record<string, unknown>;
  if (root.type !== "object") out.push("root type is not object");
  if (typeof root.properties !== "object" || root.properties === null || Array.isArray(root.properties))
    out.push("root has no properties object");
  const walk = (node: unknown, path: string) => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) {
      out.push(`${path}: not a schema object`);
      return;
    }
    const s = node as Record<string, unknown>;
    if (seen.has(s)) out.push(`${path}: the same object appears twice`);
    seen.add(s);
    for (const k of Object.keys(s)) {
      if (k.startsWith("$")) out.push(`${path}: keyword ${k}`);
      if (["anyOf", "oneOf", "allOf", "not", "definitions", "prefixItems"].includes(k))
        out.push(`${path}: keyword ${k}`);
    }
    // One type, or a list of at least two types in precedence order (a union's types).
    const types = Array.isArray(s.type) ? (s.type as unknown[]) : [s.type];
    const ordered = types.every(
      (t, i) => i === 0 || TYPES.indexOf(t as string) > TYPES.indexOf(types[i - 1] as string),
    );
    if (
      types.some((t) => typeof t !== "string" || !TYPES.includes(t)) ||
      (Array.isArray(s.type) && (types.length < 2 || !ordered))
    )
      out.push(`${path}: type ${JSON.stringify(s.type)}`);
    for (const k of ["description", "title"]) {
      const text = s[k];
      if (text === undefined) continue;
      if (typeof text !== "string" || text.length > 1000 || text === "" || CONTROL.test(text))
        out.push(`${path}: bad ${k}`);
    }
    if (types.includes("array")) {
      if (s.items === undefined) out.push(`${path}: array without items`);
      else walk(s.items, `${path}/items`);
    }
    const props = s.properties;
    if (types.includes("object") && (typeof props !== "object" || props === null))
      out.push(`${path}: object without properties`);
    if (typeof props === "object" && props !== null) {
      for (const [k, v] of Object.entries(props)) walk(v, `${path}/properties/${k}`);
    }
    if (s.required !== undefined) {
      const req = s.required as unknown[];
      const keys = Object.keys(props ?? {});
      if (!Array.isArray(req) || req.length === 0) out.push(`${path}: empty or invalid required`);
      else if (req.some((r) => typeof r !== "string" || !keys.includes(r)))
        out.push(`${path}: required not in properties`);
      else if (new Set(req).size !== req.length) out.push(`${path}: duplicate required`);
    }
    if (typeof s.additionalProperties === "object")
      walk(s.additionalProperties, `${path}/additionalProperties`);
    else if (s.additionalProperties !== undefined && typeof s.additionalProperties !== "boolean")
      out.push(`${path}: additionalProperties`);
  };
  walk(schema, "");
  return out;
}

const typeName = fc.constantFrom<unknown>(...TYPES, "unknown", "STRING", null, 5);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "\u001b[31mred\u001b[0m",
    "\u0000\u0007\u009b bell",
    "x".repeat(1200),
    "😀".repeat(700),
    " \u202e ",
    "",
  ),
);
const refs = fc.constantFrom(
  "#/$defs/A",
  "#/$defs/B",
  "#/$defs/Missing",
  "#",
  "#/properties/a",
  "#/properties/a/items",
  "#/properties/a/anyOf/0",
  "#/definitions/C",
  "#/$defs/A/properties/x",
  "https://example.com/s.json",
  "#anchor",
);
const propName = fc.constantFrom("a", "b", "x", "$filter", "__proto__", "a/b", "");

const { schema: schemaArb, root: rootArb } = fc.letrec<{ schema: unknown; root: unknown }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 5, depthIdentifier: "schema", withCrossShrink: true },
    fc.oneof(fc.boolean(), fc.record({ type: typeName }), fc.jsonValue({ maxDepth: 1 })),
    fc.record(
      {
        type: fc.oneof(typeName, fc.array(typeName, { maxLength: 3 })),
        description: text,
        title: text,
        enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
        const: fc.jsonValue({ maxDepth: 1 }),
        default: fc.jsonValue({ maxDepth: 1 }),
        format: fc.string({ maxLength: 5 }),
        pattern: fc.constantFrom("^a+$", "(?P<x>a)", "["),
        minimum: fc.double(),
        nullable: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constantFrom<unknown>("object", ["object", "null"], "unknown"),
        properties: fc.dictionary(propName, tie("schema"), { maxKeys: 4 }),
        required: fc.array(fc.oneof(propName, fc.integer()), { maxLength: 4 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        description: text,
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constantFrom<unknown>("array", ["array", "null"], ["null", "array", "string"]),
        items: fc.oneof(tie("schema"), fc.array(tie("schema"), { maxLength: 3 })),
        prefixItems: fc.array(tie("schema"), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        anyOf: fc.array(fc.oneof(tie("schema"), fc.constant({ not: {} }), fc.constant({ type: "null" })), {
          maxLength: 4,
        }),
        description: text,
      },
      { requiredKeys: ["anyOf"] },
    ),
    fc.record(
      { oneOf: fc.array(tie("schema"), { maxLength: 3 }), type: typeName },
      { requiredKeys: ["oneOf"] },
    ),
    fc.record(
      {
        allOf: fc.array(tie("schema"), { maxLength: 3 }),
        properties: fc.dictionary(propName, tie("schema"), { maxKeys: 2 }),
      },
      { requiredKeys: ["allOf"] },
    ),
    fc.record(
      { $ref: refs, description: text, default: fc.jsonValue({ maxDepth: 1 }) },
      { requiredKeys: ["$ref"] },
    ),
  ),
  root: fc.record(
    {
      $schema: fc.constant("https://json-schema.org/draft/2020-12/schema"),
      $id: fc.constantFrom("https://example.com/s.json", "urn:x"),
      type: fc.oneof(typeName, fc.array(typeName, { maxLength: 2 })),
      properties: fc.dictionary(propName, tie("schema"), { maxKeys: 4 }),
      required: fc.array(propName, { maxLength: 4 }),
      anyOf: fc.array(tie("schema"), { maxLength: 3 }),
      $defs: fc.record({ A: tie("schema"), B: tie("schema") }, { requiredKeys: [] }),
      definitions: fc.record({ C: tie("schema") }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  ),
}));

function checkAll(input: unknown): void {
  const before = structuredClone(input);
  const { schema, notes } = sanitizeSchema(input);
  expect(violations(schema)).toEqual([]);
  expect(notes.every((n) => typeof n === "string")).toBe(true);
  expect(JSON.parse(JSON.stringify(schema))).toStrictEqual(schema);
  expect(input).toEqual(before);
  // The output is already sanitized: a second pass changes nothing.
  expect(sanitizeSchema(schema).schema).toStrictEqual(schema);
}

describe("sanitizeSchema properties", () => {
  it("holds its guarantees on any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), checkAll), { numRuns: 300 });
  });

  it("holds its guarantees on generated schema-like roots", () => {
    fc.assert(fc.property(rootArb, checkAll), { numRuns: 500 });
  });

  it("holds its guarantees on generated schemas at any position", () => {
    fc.assert(
      fc.property(schemaArb, schemaArb, (a, b) =>
        checkAll({ properties: { a, b: { type: "array", items: b } }, $defs: { A: a, B: b } }),
      ),
      { numRuns: 300 },
    );
  });

  it("keeps a merged enum in the order a second pass gives (a counterexample fast-check found)", () => {
    // Tuple items `{const: {"": 0}, nullable}` and `{type: ["null"], const: {}}` merged into one node of
    // type object|null whose enum listed null between the objects; a second pass reordered it.
    const a = {
      oneOf: [
        {
          properties: {
            a: {
              items: [
                { const: { "": 0 }, nullable: true },
                { type: ["null"], const: {} },
              ],
            },
          },
        },
      ],
    };
    checkAll({ properties: { a, b: { type: "array", items: false } }, $defs: { A: a, B: false } });
  });

  it("detects its own checker's failures (the checker is not vacuous)", () => {
    expect(
      violations({
        type: "object",
        properties: { a: { type: "array" }, b: { $ref: "#" }, c: { type: "string", description: "\u0007" } },
        required: ["z"],
      }),
    ).toEqual([
      "/properties/a: array without items",
      "/properties/b: keyword $ref",
      "/properties/b: type undefined",
      "/properties/c: bad description",
      ": required not in properties",
    ]);
  });
});
