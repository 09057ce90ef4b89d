import { describe, expect, it } from "vitest";
import { geminiFix } from "./dialect-gemini.js";
import { applyDialect, type DialectSchema } from "./dialects.js";
import { sanitizeSchema } from "../schema/sanitize.js";

const obj = (properties: Record<string, unknown>, extra: DialectSchema = {}): DialectSchema => ({
  type: "object",
  properties,
  ...extra,
});

describe("geminiFix", () => {
  it.each<[string, DialectSchema, DialectSchema]>([
    [
      "an enum of one type stays",
      obj({ order: { type: "string", enum: ["asc", "desc"] } }),
      obj({ order: { type: "string", enum: ["asc", "desc"] } }),
    ],
    [
      "mixed values become one enum per type",
      obj({ sort: { description: "Sort order", enum: [1, -1, "asc", "desc"] } }),
      obj({
        sort: {
          description: "Sort order",
          anyOf: [
            { type: "number", enum: [1, -1] },
            { type: "string", enum: ["asc", "desc"] },
          ],
        },
      }),
    ],
    [
      "integers keep the integer type",
      obj({ level: { type: "integer", enum: [1, 2, 3] } }),
      obj({ level: { type: "integer", enum: [1, 2, 3] } }),
    ],
    [
      "null makes the type nullable",
      obj({ mode: { type: "string", enum: ["a", null] } }),
      obj({ mode: { type: ["string", "null"], enum: ["a"] } }),
    ],
    [
      "a const is a one-value enum",
      obj({ kind: { const: "user" } }),
      obj({ kind: { type: "string", enum: ["user"] } }),
    ],
    [
      "values Gemini cannot list are dropped, the type kept",
      obj({ meta: { type: "object", enum: [{ $meta: "textScore" }] } }),
      obj({ meta: { type: "object" } }),
    ],
    [
      "required keeps only declared properties",
      obj({ a: { type: "string" } }, { required: ["a", "ghost"] }),
      obj({ a: { type: "string" } }, { required: ["a"] }),
    ],
    [
      "nested in items and unions",
      obj({
        list: { type: "array", items: { enum: [true, "yes"] } },
        u: { anyOf: [{ type: "string" }, { enum: [0, "none"] }] },
      }),
      obj({
        list: {
          type: "array",
          items: {
            anyOf: [
              { type: "boolean", enum: [true] },
              { type: "string", enum: ["yes"] },
            ],
          },
        },
        u: {
          anyOf: [
            { type: "string" },
            {
              anyOf: [
                { type: "number", enum: [0] },
                { type: "string", enum: ["none"] },
              ],
            },
          ],
        },
      }),
    ],
  ])("%s", (_, input, want) => {
    expect(geminiFix(input)).toEqual(want);
  });

  it("never mutates its input", () => {
    const input = obj({ sort: { enum: [1, "asc"] } }, { required: ["sort", "x"] });
    const copy = structuredClone(input);
    geminiFix(input);
    expect(input).toEqual(copy);
  });

  it("gives Gemini the server's union back, with a sort order it accepts", () => {
    const raw = {
      type: "object",
      properties: {
        labels: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
        sort: { anyOf: [{ const: 1 }, { const: -1 }, { type: "string", enum: ["asc", "desc"] }] },
      },
      required: ["labels"],
    };
    const portable = sanitizeSchema(raw).schema;
    expect(applyDialect("gemini", portable, raw)).toEqual({
      type: "object",
      properties: {
        labels: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
        sort: {
          anyOf: [
            { type: "number", enum: [1] },
            { type: "number", enum: [-1] },
            { type: "string", enum: ["asc", "desc"] },
          ],
        },
      },
      required: ["labels"],
    });
  });
});
