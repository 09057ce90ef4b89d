import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const empty = { type: "object", properties: {} };

describe("sanitizeSchema: arrays", () => {
  it.each([
    ["missing items → any item", { type: "array" }, { type: "array", items: { type: "string" } }, []],
    [
      "items true → any item",
      { type: "array", items: true },
      { type: "array", items: { type: "string" } },
      [],
    ],
    ["items {} → any item", { type: "array", items: {} }, { type: "array", items: { type: "string" } }, []],
    [
      "items false → empty array only",
      { type: "array", items: false },
      { type: "array", items: { type: "string" }, maxItems: 0 },
      [],
    ],
    [
      "nested items.items",
      { type: "array", items: { type: "array" } },
      { type: "array", items: { type: "array", items: { type: "string" } } },
      [],
    ],
    [
      "single-element tuple",
      { type: "array", items: [{ type: "number" }] },
      { type: "array", items: { type: "number" } },
      [],
    ],
    [
      "tuple of two types",
      { type: "array", items: [{ type: "string" }, { type: "number" }], minItems: 2 },
      {
        type: "array",
        items: { type: ["string", "number"], description: "(one of: string | number)" },
        minItems: 2,
      },
      ['/properties/p: tuple of 2 item schemas flattened to one "items"'],
    ],
    [
      "prefixItems with a rest schema",
      { type: "array", prefixItems: [{ type: "integer" }], items: { type: "number" } },
      { type: "array", items: { type: "number" } },
      ['/properties/p: tuple of 2 item schemas flattened to one "items"'],
    ],
    [
      "prefixItems closed by items: false",
      { prefixItems: [{ type: "boolean" }], items: false },
      { type: "array", items: { type: "boolean" } },
      [],
    ],
    [
      "empty tuple → any item",
      { type: "array", items: [] },
      { type: "array", items: { type: "string" } },
      [],
    ],
    [
      "items that is not a schema",
      { type: "array", items: 7 },
      { type: "array", items: { type: "string" } },
      ["/properties/p/items: a number is not a schema; any value accepted"],
    ],
    [
      'items "string" shorthand',
      { type: "array", items: "string" },
      { type: "array", items: { type: "string" } },
      ['/properties/p/items: schema was the string "string", read as {"type": "string"}'],
    ],
    [
      "array keywords kept",
      { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3, uniqueItems: true },
      { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3, uniqueItems: true },
      [],
    ],
  ])("%s", (_name, input, expected, notes) => {
    expect(sanitizeSchema({ properties: { p: input } })).toEqual({
      schema: { ...empty, properties: { p: expected } },
      notes,
    });
  });
});
