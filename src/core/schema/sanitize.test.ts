import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const empty = { type: "object", properties: {} };

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

describe("sanitizeSchema: the root", () => {
  it.each([
    ["missing (undefined)", undefined, empty, []],
    ["null", null, empty, []],
    ["true", true, empty, []],
    ["{}", {}, empty, []],
    ['{type: "object"} gets properties', { type: "object" }, empty, []],
    ["false", false, empty, ["(root): schema false accepts no arguments"]],
    ["a string", "object", empty, ['(root): the string "object" is not a schema']],
    ["an array", [{ type: "object" }], empty, ["(root): an array is not a schema"]],
    ["a number", 3, empty, ["(root): a number is not a schema"]],
    [
      "type string: replaced by an empty object",
      { type: "string", description: "A path." },
      { ...empty, description: "A path." },
      ["(root): type string is not an object; replaced by an empty object"],
    ],
    [
      "array schema: replaced",
      { type: "array", items: {} },
      empty,
      ["(root): type array is not an object; replaced by an empty object"],
    ],
    [
      "type [object, null]",
      { type: ["object", "null"], properties: { a: { type: "string" } } },
      { ...empty, properties: { a: { type: "string" } } },
      [],
    ],
    [
      "title and description kept",
      { title: "Args", description: "Tool args." },
      { ...empty, title: "Args", description: "Tool args." },
      [],
    ],
  ])("%s", (_name, input, schema, notes) => {
    expect(sanitizeSchema(input)).toEqual({ schema, notes });
  });
});

describe("sanitizeSchema: purity", () => {
  const input = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      a: { $ref: "#/$defs/A", description: "a" },
      b: { anyOf: [{ $ref: "#/$defs/A" }, { type: "null" }] },
      c: { type: ["array", "null"], items: [{ type: "string" }, { const: 1 }] },
      d: { allOf: [{ $ref: "#/$defs/A" }, { properties: { z: true } }] },
    },
    required: ["a", "b", "x"],
    $defs: { A: { type: "object", properties: { self: { $ref: "#/$defs/A" }, e: { enum: ["x", "x"] } } } },
  };

  it("never mutates its input (deep-frozen input, same result as unfrozen)", () => {
    const expected = sanitizeSchema(structuredClone(input));
    const frozen = deepFreeze(structuredClone(input));
    expect(sanitizeSchema(frozen)).toEqual(expected);
    expect(frozen).toEqual(input);
  });

  it("returns plain JSON that shares no object with the input or within itself", () => {
    const raw = structuredClone(input);
    const { schema } = sanitizeSchema(raw);
    expect(JSON.parse(JSON.stringify(schema))).toStrictEqual(schema);
    const inputObjects = new Set<object>();
    const collect = (v: unknown) => {
      if (typeof v === "object" && v !== null) {
        inputObjects.add(v);
        Object.values(v).forEach(collect);
      }
    };
    collect(raw);
    const seen = new Set<object>();
    const shared: string[] = [];
    const walk = (v: unknown, path: string) => {
      if (typeof v !== "object" || v === null) return;
      if (inputObjects.has(v) || seen.has(v)) shared.push(path);
      seen.add(v);
      for (const [k, c] of Object.entries(v)) walk(c, `${path}/${k}`);
    };
    walk(schema, "");
    expect(shared).toEqual([]);
  });

  it("survives cyclic JavaScript objects (not JSON, but must not hang or throw)", () => {
    const node: Record<string, unknown> = { type: "object", properties: {} };
    (node.properties as Record<string, unknown>).next = node;
    const enumCycle: unknown[] = [];
    enumCycle.push(enumCycle);
    node.default = { loop: node };
    (node.properties as Record<string, unknown>).e = { enum: ["ok", enumCycle] };
    expect(sanitizeSchema(node)).toEqual({
      schema: {
        type: "object",
        properties: {
          next: { type: "object", properties: {}, description: "(cyclic object cut)" },
          e: { type: "string", enum: ["ok"] },
        },
      },
      notes: ["/properties/next: cyclic object cut"],
    });
  });
});
