import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const empty = { type: "object", properties: {} };

describe("sanitizeSchema: values and keywords", () => {
  it.each([
    [
      "enum duplicates dropped, empty string kept",
      { enum: ["a", "", "a", ""] },
      { type: "string", enum: ["a", ""] },
    ],
    [
      "enum of objects deduplicated by value",
      { type: "object", enum: [{ a: 1 }, { a: 1 }] },
      { ...empty, enum: [{ a: 1 }] },
    ],
    ["empty enum dropped", { type: "string", enum: [] }, { type: "string" }],
    ["const wins over enum", { type: "string", const: "x", enum: ["y"] }, { type: "string", enum: ["x"] }],
    [
      "NaN-free: non-JSON enum values dropped",
      { type: "number", enum: [1, Number.NaN, Infinity] },
      { type: "number", enum: [1] },
    ],
    ["default copied", { type: "object", default: { a: [1] } }, { ...empty, default: { a: [1] } }],
    ["invalid pattern dropped", { type: "string", pattern: "(?P<x>a)" }, { type: "string" }],
    [
      "negative or fractional counts dropped",
      { type: "string", minLength: -1, maxLength: 2.5 },
      { type: "string" },
    ],
    [
      "draft-4 boolean exclusiveMinimum dropped",
      { type: "number", minimum: 0, exclusiveMinimum: true },
      { type: "number", minimum: 0 },
    ],
    [
      "unsupported keywords dropped",
      {
        type: "string",
        examples: ["x"],
        deprecated: true,
        readOnly: true,
        "x-vendor": 1,
        contentEncoding: "base64",
        not: { $ref: "#/x" },
      },
      { type: "string" },
    ],
    [
      "object keywords dropped: patternProperties, propertyNames, if/then/else",
      {
        type: "object",
        patternProperties: { "^x": {} },
        propertyNames: { pattern: "^a" },
        if: {},
        then: {},
        else: {},
        minProperties: 1,
      },
      { ...empty, minProperties: 1 },
    ],
  ])("%s", (_name, input, expected) => {
    expect(sanitizeSchema({ properties: { p: input } })).toEqual({
      schema: { ...empty, properties: { p: expected } },
      notes: [],
    });
  });
});
