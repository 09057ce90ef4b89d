import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certainlyPrepares, visitBound } from "./certainly-prepares.js";
import { prepareToolSchema } from "./tool-schema.js";

const obj = (extra: Record<string, unknown> = {}) => ({ type: "object", properties: {}, ...extra });

describe("certainlyPrepares", () => {
  it("says yes only where sanitizing cannot refuse the tool", () => {
    const deep: Record<string, unknown> = obj();
    let at = deep;
    for (let i = 0; i < 70; i++) {
      const next = obj();
      at.properties = { x: next };
      at = next;
    }
    const cyclic: Record<string, unknown> = obj();
    cyclic.properties = { self: cyclic };
    const hostile = obj();
    Object.defineProperty(hostile, "description", {
      enumerable: true,
      get() {
        throw new Error("no");
      },
    });
    const cases: [string, unknown, boolean][] = [
      ["plain object", obj({ properties: { q: { type: "string", description: "what" } } }), true],
      ["no properties", { type: "object" }, true],
      ["nested objects and arrays", obj({ properties: { a: { type: "array", items: obj() } } }), true],
      [
        "enum, default, type lists below the root",
        obj({ properties: { a: { type: ["string", "null"], enum: ["x", null] } } }),
        true,
      ],
      [
        "a property that accepts nothing (dropped, not refused)",
        obj({ properties: { a: false, b: { not: {} } } }),
        true,
      ],
      ["missing schema", undefined, false],
      ["true", true, false],
      ["false", false, false],
      ["an array", [], false],
      ["no type", { properties: {} }, false],
      ["type in another case", { type: "Object" }, false],
      ["type list", { type: ["object", "null"] }, false],
      ["string root", { type: "string" }, false],
      ["$ref at the root", obj({ $ref: "#/$defs/x", $defs: { x: obj() } }), false],
      ["allOf at the root", obj({ allOf: [obj()] }), false],
      [
        "anyOf below the root",
        obj({ properties: { a: { anyOf: [{ type: "string" }, { type: "null" }] } } }),
        true,
      ],
      ["oneOf below the root", obj({ properties: { a: { oneOf: [{ type: "string" }] } } }), true],
      ["anyOf at the root", { type: "object", anyOf: [obj(), { type: "null" }] }, false],
      ["oneOf at the root", { type: "object", oneOf: [obj()] }, false],
      ["allOf below the root", obj({ properties: { a: { allOf: [{ type: "string" }] } } }), false],
      ["$ref below the root", obj({ properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: obj() } }), true],
      [
        "a recursive $ref (cut where it recurs)",
        obj({
          properties: { a: { $ref: "#/$defs/n" } },
          $defs: { n: obj({ properties: { c: { $ref: "#/$defs/n" } } }) },
        }),
        true,
      ],
      ["a $ref to nothing (cut)", obj({ properties: { a: { $ref: "#/$defs/none" } } }), true],
      [
        "a $ref to false (dropped)",
        obj({ properties: { a: { $ref: "#/$defs/f" } }, $defs: { f: false } }),
        true,
      ],
      [
        "a $ref whose target is large, used often",
        obj({
          properties: Object.fromEntries(
            Array.from({ length: 40 }, (_, i) => [`p${i}`, { $ref: "#/$defs/big" }]),
          ),
          $defs: {
            big: obj({
              properties: Object.fromEntries(
                Array.from({ length: 150 }, (_, i) => [`q${i}`, { type: "string" }]),
              ),
            }),
          },
        }),
        false,
      ],
      [
        "allOf in a $ref target",
        obj({ properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { allOf: [obj()] } } }),
        false,
      ],
      ["deeper than the walk goes", deep, false],
      ["cyclic", cyclic, false],
      ["a throwing getter", hostile, false],
    ];
    expect(cases.map(([what, raw]) => [what, certainlyPrepares(raw)])).toEqual(
      cases.map(([what, , want]) => [what, want]),
    );
  });

  it("counts every JSON value against the node budget", () => {
    // 1 (root) + 1 ("object") + 1 (properties) + 2 × (schema + its "string") = 7 values.
    const raw = obj({ properties: { a: { type: "string" }, b: { type: "string" } } });
    expect([6, 7, 8].map((max) => certainlyPrepares(raw, max))).toEqual([false, true, true]);
    expect(prepareToolSchema(raw, { maxNodes: 3 }).ok).toBe(true);
  });

  it("counts a union's shared keywords once per variant and once more", () => {
    // Shared: the union node and its description (2). The union: 1 + 2, then 3 × (variant {type: …} = 2,
    // + 2 shared) = 15. The root adds itself, its "object" and its properties object: 3.
    const union = { description: "d", anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] };
    const raw = obj({ properties: { u: union } });
    const bound = 3 + (1 + 2 + 3 * (2 + 2));
    expect([bound - 1, bound].map((max) => certainlyPrepares(raw, max))).toEqual([false, true]);
  });

  it("never says yes to a schema that prepareToolSchema refuses", () => {
    const type = fc.constantFrom<unknown>(
      "object",
      "array",
      "string",
      "integer",
      "null",
      "STRING",
      ["object", "null"],
      5,
    );
    const leaf = fc.oneof(fc.boolean(), fc.constantFrom("string", "nope"), fc.jsonValue({ maxDepth: 1 }));
    const { node } = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { maxDepth: 4, depthIdentifier: "node" },
        leaf,
        fc.record(
          {
            type,
            description: fc.string({ maxLength: 5 }),
            enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
            default: fc.jsonValue({ maxDepth: 1 }),
            nullable: fc.boolean(),
            not: fc.constant({}),
            properties: fc.dictionary(fc.constantFrom("a", "b", "__proto__", "$ref"), tie("node"), {
              maxKeys: 3,
            }),
            required: fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 }),
            additionalProperties: fc.oneof(fc.boolean(), tie("node")),
            items: fc.oneof(tie("node"), fc.array(tie("node"), { maxLength: 3 })),
            prefixItems: fc.array(tie("node"), { maxLength: 2 }),
            anyOf: fc.array(tie("node"), { maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
        // References: resolved, missing, to the root, into the properties, not a string; with other keywords.
        fc.record(
          {
            $ref: fc.constantFrom<unknown>(
              "#/$defs/a",
              "#/$defs/b",
              "#/$defs/none",
              "#",
              "#/properties/a",
              7,
            ),
            description: fc.string({ maxLength: 5 }),
            anyOf: fc.array(tie("node"), { maxLength: 2 }),
          },
          { requiredKeys: ["$ref"] },
        ),
      ),
    }));
    const root = fc.record(
      {
        type: fc.constantFrom<unknown>("object", "object", "object", "string", undefined),
        properties: fc.dictionary(fc.constantFrom("a", "b", "c", "d"), node, { maxKeys: 4 }),
        required: fc.array(fc.constantFrom("a", "b", "x"), { maxLength: 2 }),
        additionalProperties: fc.oneof(fc.boolean(), node),
        $defs: fc.record({ a: node, b: node }, { requiredKeys: [] }),
      },
      { requiredKeys: ["type"] },
    );
    // With the budget set to the bound itself, the sanitizer must never run out.
    fc.assert(
      fc.property(root, (raw) => {
        const bound = visitBound(raw, 0, 1e9);
        return !certainlyPrepares(raw, bound) || prepareToolSchema(raw, { maxNodes: bound }).ok;
      }),
      { numRuns: 800 },
    );
    let yes = 0;
    let refs = 0;
    fc.assert(
      fc.property(root, fc.integer({ min: 1, max: 100 }), (raw, maxNodes) => {
        if (!certainlyPrepares(raw, maxNodes)) return true;
        yes++;
        if (JSON.stringify(raw).includes('"$ref":"#')) refs++;
        return prepareToolSchema(raw, { maxNodes }).ok;
      }),
      { numRuns: 800 },
    );
    // The generator reaches the side that matters: many schemas are judged certain, references among them.
    // (Over 20 runs: 80–104 certain, 37–53 of them with references.)
    expect({ yes: yes > 40, refs: refs > 15 }).toEqual({ yes: true, refs: true });
  });
});
