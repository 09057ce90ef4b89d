import { describe, expect, it } from "vitest";
import { MAX_NOTES } from "./context.js";
import { sanitizeSchema } from "./sanitize.js";

/** `{properties: {n: {properties: {n: …}}}}`, `levels` objects deep, innermost `{type: "string"}`. */
function nested(levels: number): unknown {
  let s: unknown = { type: "string" };
  for (let i = 0; i < levels; i++) s = { type: "object", properties: { n: s } };
  return s;
}

/** Follows `.properties.n` down the sanitized schema; returns the deepest node and how many levels. */
function bottom(schema: unknown): { node: unknown; levels: number } {
  let node = schema as { properties?: { n?: unknown } };
  let levels = 0;
  while (node.properties?.n !== undefined) {
    node = node.properties.n as typeof node;
    levels++;
  }
  return { node, levels };
}

describe("depth cap", () => {
  it("keeps 32 levels by default and collapses the 33rd to a permissive object", () => {
    const { schema, notes } = sanitizeSchema(nested(40));
    expect({ ...bottom(schema), notes }).toEqual({
      node: { type: "object", properties: {}, description: "(schema too deep, cut)" },
      levels: 33,
      // Long paths in notes keep their last 199 characters.
      notes: [`…${"/properties/n".repeat(33).slice(-199)}: schema too deep, cut`],
    });
  });

  it("leaves a schema exactly at the cap alone", () => {
    const { schema, notes } = sanitizeSchema(nested(32));
    expect({ ...bottom(schema), notes }).toEqual({ node: { type: "string" }, levels: 32, notes: [] });
  });

  it("honours maxDepth", () => {
    expect(sanitizeSchema(nested(3), { maxDepth: 1 })).toEqual({
      schema: {
        type: "object",
        properties: {
          n: {
            type: "object",
            properties: { n: { type: "object", properties: {}, description: "(schema too deep, cut)" } },
          },
        },
      },
      notes: ["/properties/n/properties/n: schema too deep, cut"],
    });
  });

  it.each([
    ["nested unions", (s: unknown) => ({ anyOf: [s] })],
    ["nested allOf", (s: unknown) => ({ allOf: [s] })],
    ["nested items", (s: unknown) => ({ type: "array", items: s })],
    ["nested additionalProperties", (s: unknown) => ({ type: "object", additionalProperties: s })],
  ])("does not overflow the stack on 100 000 %s", (_name, wrap) => {
    let s: unknown = { type: "string" };
    for (let i = 0; i < 100_000; i++) s = wrap(s);
    const r = sanitizeSchema({ properties: { deep: s } });
    expect([r.schema.type, r.notes.length > 0, JSON.stringify(r.schema).length < 50_000]).toEqual([
      "object",
      true,
      true,
    ]);
  });

  it("cuts a 100 000-long $ref chain", () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    const r = sanitizeSchema({ properties: { a: { $ref: "#/$defs/d0" } }, $defs: defs });
    expect(r).toEqual({
      schema: {
        type: "object",
        properties: { a: { type: "object", properties: {}, description: "(reference chain too deep, cut)" } },
      },
      notes: ["/properties/a: reference chain too deep, cut"],
    });
  });
});

describe("node cap", () => {
  it("bounds the exponential blow-up of shared definitions (each used twice, 40 levels)", () => {
    const defs: Record<string, unknown> = { d40: { type: "string" } };
    for (let i = 0; i < 40; i++) {
      defs[`d${i}`] = {
        type: "object",
        properties: { l: { $ref: `#/$defs/d${i + 1}` }, r: { $ref: `#/$defs/d${i + 1}` } },
      };
    }
    const r = sanitizeSchema({ $ref: "#/$defs/d0", $defs: defs }, { maxDepth: 64 });
    const nodes = JSON.stringify(r.schema).match(/"type"/g)?.length ?? 0;
    expect([nodes > 5_000 && nodes <= 10_001, r.notes[0]?.endsWith(": schema too large, cut")]).toEqual([
      true,
      true,
    ]);
  });

  it("drops the remaining properties once the budget is spent and says how many", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++) properties[`p${i}`] = { type: "string" };
    expect(sanitizeSchema({ properties }, { maxNodes: 4 })).toEqual({
      schema: {
        type: "object",
        properties: {
          p0: { type: "string" },
          p1: { type: "string" },
          p2: { type: "string" },
          p3: { type: "object", properties: {}, description: "(schema too large, cut)" },
        },
      },
      notes: ["/properties/p3: schema too large, cut", "(root): 6 properties dropped (schema too large)"],
    });
  });

  it("counts enum values and defaults too", () => {
    const r = sanitizeSchema({
      properties: { e: { enum: Array.from({ length: 50_000 }, (_, i) => `v${i}`) } },
    });
    expect(r.schema.properties.e?.enum?.length).toEqual(9_998);
  });

  it("caps the notes themselves", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) properties[`p${i}`] = 5;
    const { notes } = sanitizeSchema({ properties });
    expect([notes.length, notes[MAX_NOTES]]).toEqual([MAX_NOTES + 1, "(150 more notes)"]);
  });
});

describe("options", () => {
  it.each([
    [
      "NaN falls back to defaults",
      { maxDepth: Number.NaN, maxNodes: Number.NaN, maxDescription: Number.NaN },
      1000,
    ],
    ["negative description length means none", { maxDescription: -5 }, undefined],
  ])("%s", (_name, opts, length) => {
    expect(sanitizeSchema({ description: "x".repeat(2000) }, opts).schema.description?.length).toEqual(
      length,
    );
  });
});
