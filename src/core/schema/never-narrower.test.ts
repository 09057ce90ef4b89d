// §6: flattening a union must never refuse a value the server accepts. Table tests on the unions real
// servers publish, and a property: for sampled unions and values valid under the raw schema (checked by
// Ajv), the value is valid under the sanitized schema too.
//
// One documented exception, by the rule of §6: `X | null` becomes an optional X, so an explicit null for
// an object property is expressed by leaving the key out — the value generator below does the same.
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const valid = (schema: unknown, value: unknown) => ajv.validate(schema as object, value) === true;
const root = (p: unknown, required = true) => ({
  type: "object",
  properties: { p },
  ...(required && { required: ["p"] }),
});

describe("sanitizeSchema: a union is never narrowed", () => {
  it.each([
    {
      name: "string | string[] (the classic: a single value or a list)",
      p: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
      values: ["a", ["a", "b"], []],
    },
    {
      name: 'MongoDB sort direction 1 | -1 | "asc" | "desc" | {$meta}',
      p: {
        anyOf: [
          { enum: [1, -1] },
          { enum: ["asc", "desc", "ascending", "descending"] },
          { type: "object", properties: { $meta: { type: "string" } }, required: ["$meta"] },
        ],
      },
      values: [1, -1, "asc", "descending", { $meta: "textScore" }],
    },
    {
      name: "number | string",
      p: { oneOf: [{ type: "number" }, { type: "string" }] },
      values: [3, 2.5, "42"],
    },
    {
      name: "mixed-type enum without a type",
      p: { enum: ["auto", 0, 1, true] },
      values: ["auto", 0, 1, true],
    },
    {
      name: "type list",
      p: { type: ["string", "integer", "boolean"] },
      values: ["x", 7, false],
    },
    {
      name: "integer | boolean with their own bounds",
      p: { anyOf: [{ type: "integer", minimum: 0 }, { type: "boolean" }] },
      values: [0, 10, true],
    },
    {
      name: "object | array of objects",
      p: {
        anyOf: [
          { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          {
            type: "array",
            items: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          },
        ],
      },
      values: [{ id: "a" }, [{ id: "a" }, { id: "b" }]],
    },
    {
      name: "string with a pattern | number with a minimum",
      p: {
        anyOf: [
          { type: "string", pattern: "^[a-z]+$" },
          { type: "number", minimum: 10 },
        ],
      },
      values: ["abc", 10, 99.5],
    },
  ])("$name", ({ p, values }) => {
    const raw = root(p);
    const { schema } = sanitizeSchema(raw);
    for (const v of values) {
      expect(valid(raw, { p: v })).toBe(true);
      expect({ value: v, valid: valid(schema, { p: v }) }).toEqual({ value: v, valid: true });
    }
    // ...and the property stays required.
    expect(schema.required).toEqual(["p"]);
  });

  it("still refuses what no variant accepts (the fix is not 'accept anything')", () => {
    const { schema } = sanitizeSchema(
      root({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }),
    );
    expect([valid(schema, { p: 5 }), valid(schema, { p: [5] }), valid(schema, {})]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("keeps required through unions: shared, in every variant, and next to a union", () => {
    expect(
      sanitizeSchema({
        type: "object",
        properties: { q: { type: "string" }, x: { type: "string" }, y: { type: "string" } },
        required: ["q"],
        oneOf: [{ required: ["x"] }, { required: ["y"] }],
      }).schema.required,
    ).toEqual(["q"]);
    expect(
      sanitizeSchema({
        anyOf: [
          { type: "object", properties: { id: { type: "string" }, a: {} }, required: ["id", "a"] },
          { type: "object", properties: { id: { type: "string" }, b: {} }, required: ["id", "b"] },
        ],
      }).schema.required,
    ).toEqual(["id"]);
    expect(
      sanitizeSchema(
        root({ anyOf: [{ type: "string" }, { type: "object", properties: { k: {} }, required: ["k"] }] }),
      ).schema,
    ).toEqual({
      type: "object",
      properties: {
        p: {
          type: ["object", "string"],
          properties: { k: { type: "string" } },
          required: ["k"],
          description: "(one of: string | object {k})",
        },
      },
      required: ["p"],
    });
  });
});

// Sampled unions: leaves of every type with their own constraints, nested one level.
const leaf = fc.oneof(
  fc.constant({ type: "string" }),
  fc.record({
    type: fc.constant("string"),
    enum: fc.uniqueArray(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ type: fc.constant("string"), minLength: fc.nat(3) }),
  fc.constant({ type: "integer" }),
  fc.record({ type: fc.constant("number"), minimum: fc.integer({ min: -5, max: 5 }) }),
  fc.record({
    enum: fc.uniqueArray(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.string({ maxLength: 2 })), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.constant({ type: "boolean" }),
  fc.constant({ type: "null" }),
  fc.record({ type: fc.constant(["string", "integer"]) }),
);
const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    leaf,
    fc.record({ type: fc.constant("array"), items: tie("node") }),
    fc.record({
      type: fc.constant("object"),
      properties: fc.record({ a: tie("node"), b: tie("node") }),
      required: fc.subarray(["a", "b"]),
    }),
    fc.record({ anyOf: fc.array(tie("node"), { minLength: 2, maxLength: 4 }) }),
    fc.record({ oneOf: fc.array(tie("node"), { minLength: 2, maxLength: 3 }) }),
  ),
}));

/** A value built to fit `s` (one branch of each union); properties that would be null are left out. */
function sample(s: unknown, pick: () => number, depth = 0): { ok: boolean; value?: unknown } {
  const n = s as Record<string, unknown>;
  const variants = (n.anyOf ?? n.oneOf) as unknown[] | undefined;
  if (variants !== undefined) return sample(variants[pick() % variants.length], pick, depth + 1);
  if (Array.isArray(n.enum)) return { ok: true, value: n.enum[pick() % n.enum.length] };
  const type = Array.isArray(n.type) ? n.type[pick() % n.type.length] : n.type;
  switch (type) {
    case "string": {
      const len = typeof n.minLength === "number" ? n.minLength : pick() % 3;
      return { ok: true, value: "s".repeat(len) };
    }
    case "integer":
      return { ok: true, value: (pick() % 7) - 3 };
    case "number":
      return { ok: true, value: (typeof n.minimum === "number" ? n.minimum : 0) + (pick() % 5) + 0.5 };
    case "boolean":
      return { ok: true, value: pick() % 2 === 0 };
    case "null":
      return { ok: true, value: null };
    case "array": {
      const items = Array.from({ length: pick() % 3 }, () => sample(n.items, pick, depth + 1));
      return { ok: items.every((i) => i.ok), value: items.map((i) => i.value) };
    }
    case "object": {
      const out: Record<string, unknown> = {};
      const props = (n.properties ?? {}) as Record<string, unknown>;
      for (const [k, p] of Object.entries(props)) {
        if (!(n.required as string[]).includes(k) && pick() % 2 === 0) continue;
        const v = sample(p, pick, depth + 1);
        if (!v.ok) return { ok: false };
        if (v.value !== null) out[k] = v.value;
      }
      return { ok: true, value: out };
    }
    default:
      return { ok: false };
  }
}

describe("sanitizeSchema: never narrower (property)", () => {
  it("every sampled value valid under the raw schema is valid under the sanitized one", () => {
    fc.assert(
      fc.property(node, fc.array(fc.nat(1000), { minLength: 64, maxLength: 64 }), (p, seeds) => {
        const raw = root(p, false);
        const { schema } = sanitizeSchema(raw);
        let i = 0;
        const pick = () => seeds[i++ % seeds.length]!;
        for (let k = 0; k < 4; k++) {
          const s = sample(p, pick);
          if (!s.ok || s.value === null || s.value === undefined) continue;
          const value = { p: s.value };
          if (!valid(raw, value)) continue; // e.g. oneOf matched twice: not a value the server accepts
          expect({ value, schema, valid: valid(schema, value) }).toEqual({ value, schema, valid: true });
        }
      }),
      { numRuns: 250 },
    );
  });
});
