import { describe, expect, it } from "vitest";
import { prepareToolSchema } from "./tool-schema.js";

const ASK = "ask the server's maintainer to fix the tool's inputSchema";
const notObject = (what: string) =>
  `inputSchema describes ${what}, but tool arguments are always a JSON object; ${ASK} (wrap it in {"type": "object", "properties": {…}})`;
const empty = { type: "object", properties: {} };

describe("prepareToolSchema: repaired and offered", () => {
  it.each([
    ["no inputSchema at all", undefined, empty, []],
    ["null", null, empty, []],
    ["true (any arguments)", true, empty, []],
    ["{}", {}, empty, []],
    ['{type: "object"} without properties', { type: "object" }, empty, []],
    ["description only", { description: "Args." }, { ...empty, description: "Args." }, []],
    [
      'type "unknown" with properties',
      { type: "unknown", properties: { a: { type: "string" } } },
      { ...empty, properties: { a: { type: "string" } } },
      [],
    ],
    ["[object, null]", { type: ["object", "null"] }, empty, []],
    [
      "root $ref to an object definition",
      {
        $ref: "#/$defs/Args",
        $defs: { Args: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } },
      },
      { ...empty, properties: { q: { type: "string" } }, required: ["q"] },
      [],
    ],
    [
      "dangling root $ref: an empty object, with the reason in the description",
      { $ref: "#/$defs/Gone" },
      { ...empty, description: "(reference #/$defs/Gone not found, cut)" },
      ["(root): reference #/$defs/Gone not found, cut"],
    ],
    [
      "top-level union with an object variant",
      { anyOf: [{ type: "string" }, { type: "object", properties: { a: { type: "number" } } }] },
      { ...empty, properties: { a: { type: "number" } }, description: "(one of: string | object {a?})" },
      ["(root): anyOf of 2 variants flattened to type object | string"],
    ],
    [
      "broken properties repaired",
      { type: "object", properties: { a: 1, b: { type: "string" } }, required: ["a", "b"] },
      { ...empty, properties: { b: { type: "string" } }, required: ["b"] },
      [
        "/properties/a: a number is not a schema; property dropped",
        '(root): required "a" not in properties; removed',
      ],
    ],
  ])("%s", (_name, input, schema, notes) => {
    expect(prepareToolSchema(input)).toEqual({ ok: true, schema, notes });
  });

  it("keeps a tool whose schema is too deep, with the deep part cut", () => {
    const input = {
      type: "object",
      properties: { a: { type: "object", properties: { b: { type: "string" } } } },
    };
    expect(prepareToolSchema(input, { maxDepth: 1 })).toEqual({
      ok: true,
      schema: {
        ...empty,
        properties: {
          a: {
            ...empty,
            properties: { b: { type: "object", properties: {}, description: "(schema too deep, cut)" } },
          },
        },
      },
      notes: ["/properties/a/properties/b: schema too deep, cut"],
    });
  });
});

describe("prepareToolSchema: left out, with a reason", () => {
  it.each([
    ["false", false, `inputSchema accepts no arguments at all (false), so no call can succeed; ${ASK}`],
    ["a string", "object", `inputSchema is a string, not a JSON Schema object; ${ASK}`],
    ["an array", [{ type: "object" }], `inputSchema is an array, not a JSON Schema object; ${ASK}`],
    ["a number", 1, `inputSchema is a number, not a JSON Schema object; ${ASK}`],
    ['{type: "string"}', { type: "string" }, notObject("a string")],
    ['{type: "array"}', { type: "array", items: { type: "string" } }, notObject("an array")],
    ['{type: "integer"}', { type: "integer" }, notObject("an integer")],
    ['{type: "null"}', { type: "null" }, notObject("only null")],
    ["[string, null]", { type: ["string", "null"] }, notObject("a string")],
    ["an enum root (inferred string)", { enum: ["a", "b"] }, notObject("a string")],
    ["a union of scalars", { oneOf: [{ type: "string" }, { type: "number" }] }, notObject("a string")],
    [
      "a root ref to a string definition",
      { $ref: "#/$defs/S", $defs: { S: { type: "string" } } },
      notObject("a string"),
    ],
    [
      "a root that accepts nothing ({not: {}} only)",
      { anyOf: [{ not: {} }] },
      `inputSchema accepts no arguments at all (false), so no call can succeed; ${ASK}`,
    ],
  ])("%s", (_name, input, reason) => {
    expect(prepareToolSchema(input)).toEqual({ ok: false, reason });
  });

  it("leaves out a schema past the node budget (it would not fit a model's context anyway)", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10_001; i++) properties[`p${i}`] = { type: "string" };
    expect(prepareToolSchema({ type: "object", properties })).toEqual({
      ok: false,
      reason: `inputSchema is too large to send to a model (over 10000 schema nodes once $ref are inlined); ${ASK}, or hide the tool with "excludeTools"`,
    });
  });

  it("keeps a schema just under the node budget", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 9_999; i++) properties[`p${i}`] = { type: "string" };
    const r = prepareToolSchema({ type: "object", properties });
    expect(r.ok && Object.keys(r.schema.properties).length).toEqual(9_999);
  });
});
