import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const obj = (properties: Record<string, unknown>, required?: string[]) => ({
  type: "object",
  properties,
  ...(required && { required }),
});

describe("sanitizeSchema: anyOf / oneOf", () => {
  it.each([
    {
      name: "X | null becomes optional X (leaves required), outer description kept",
      input: obj(
        {
          q: { anyOf: [{ type: "string" }, { type: "null" }], description: "query", default: null },
          n: { type: "integer" },
        },
        ["q", "n"],
      ),
      schema: obj({ q: { type: "string", description: "query" }, n: { type: "integer" } }, ["n"]),
      notes: [],
    },
    {
      name: "null first, oneOf, null spelled as enum [null] or const null",
      input: obj(
        {
          a: { oneOf: [{ type: "null" }, { type: "number" }] },
          b: { anyOf: [{ enum: [null] }, { type: "boolean" }] },
          c: { anyOf: [{ type: "string" }, { const: null }] },
        },
        ["a", "b", "c"],
      ),
      schema: obj({ a: { type: "number" }, b: { type: "boolean" }, c: { type: "string" } }),
      notes: [],
    },
    {
      name: "single variant unwrapped, its own description used when the outer has none",
      input: obj({ s: { anyOf: [{ type: "string", description: "inner", minLength: 1 }] } }, ["s"]),
      schema: obj({ s: { type: "string", description: "inner", minLength: 1 } }, ["s"]),
      notes: [],
    },
    {
      name: "zod optional artefact anyOf [{not: {}}, X] is X",
      input: obj({ z: { anyOf: [{ not: {} }, { type: "array", items: { type: "string" } }] } }, ["z"]),
      schema: obj({ z: { type: "array", items: { type: "string" } } }, ["z"]),
      notes: [],
    },
    {
      name: "union of string literals becomes one string enum (lossless, no note)",
      input: obj({
        color: { anyOf: [{ const: "red" }, { const: "green" }, { type: "string", enum: ["blue", "red"] }] },
      }),
      schema: obj({ color: { type: "string", enum: ["red", "green", "blue"] } }),
      notes: [],
    },
    {
      name: "identical variants merge without a note",
      input: obj({ v: { oneOf: [{ type: "string" }, { type: "string", description: "other" }] } }),
      schema: obj({ v: { type: "string" } }),
      notes: [],
    },
    {
      name: "mixed scalars: both types stay (a number id is still accepted), the alternatives are listed",
      input: obj(
        { id: { anyOf: [{ type: "integer" }, { type: "string" }], description: "numeric or slug id" } },
        ["id"],
      ),
      schema: obj(
        { id: { type: ["string", "integer"], description: "numeric or slug id (one of: integer | string)" } },
        ["id"],
      ),
      notes: ["/properties/id: anyOf of 2 variants flattened to type string | integer"],
    },
    {
      name: "number and integer merge to number; boolean stays beside it",
      input: obj({ n: { anyOf: [{ type: "integer" }, { type: "number" }, { type: "boolean" }] } }),
      schema: obj({
        n: { type: ["number", "boolean"], description: "(one of: integer | number | boolean)" },
      }),
      notes: ["/properties/n: anyOf of 3 variants flattened to type number | boolean"],
    },
    {
      name: "object | string: both types, the object's shape (and its required) stays",
      input: obj({
        target: {
          anyOf: [{ type: "string" }, obj({ path: { type: "string" }, line: { type: "integer" } }, ["path"])],
        },
      }),
      schema: obj({
        target: {
          type: ["object", "string"],
          properties: { path: { type: "string" }, line: { type: "integer" } },
          required: ["path"],
          description: "(one of: string | object {path, line?})",
        },
      }),
      notes: ["/properties/target: anyOf of 2 variants flattened to type object | string"],
    },
    {
      name: "X | array of X: both stay (a single string is still accepted)",
      input: obj({ paths: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] } }),
      schema: obj({
        paths: {
          type: ["array", "string"],
          items: { type: "string" },
          description: "(one of: string | array of string)",
        },
      }),
      notes: ["/properties/paths: oneOf of 2 variants flattened to type array | string"],
    },
    {
      name: "arrays with different items: items merged in turn",
      input: obj({
        xs: {
          anyOf: [
            { type: "array", items: { type: "number" } },
            { type: "array", items: { type: "string" } },
          ],
        },
      }),
      schema: obj({
        xs: {
          type: "array",
          items: { type: ["string", "number"], description: "(one of: number | string)" },
          description: "(one of: array of number | array of string)",
        },
      }),
      notes: ["/properties/xs: anyOf of 2 variants flattened to type array"],
    },
    {
      name: "discriminated union of objects: properties united, discriminator enum merged, required intersected",
      input: obj(
        {
          action: {
            oneOf: [
              {
                title: "Create",
                ...obj({ kind: { const: "create" }, name: { type: "string" } }, ["kind", "name"]),
              },
              {
                title: "Delete",
                ...obj({ kind: { const: "delete" }, id: { type: "integer" } }, ["kind", "id"]),
              },
            ],
          },
        },
        ["action"],
      ),
      schema: obj(
        {
          action: {
            type: "object",
            properties: {
              kind: { type: "string", enum: ["create", "delete"] },
              name: { type: "string" },
              id: { type: "integer" },
            },
            required: ["kind"],
            description: "(one of: Create {kind, name} | Delete {kind, id})",
          },
        },
        ["action"],
      ),
      notes: ["/properties/action: oneOf of 2 variants flattened to type object"],
    },
    {
      name: "same property with different types inside merged objects gets its own note",
      input: obj({
        o: { anyOf: [obj({ v: { type: "string" } }), obj({ v: { type: "object", properties: {} } })] },
      }),
      schema: obj({
        o: {
          type: "object",
          properties: {
            v: { type: ["object", "string"], properties: {}, description: "(one of: string | object)" },
          },
          description: "(one of: object {v?})",
        },
      }),
      notes: ["/properties/o: anyOf of 2 variants flattened to type object"],
    },
    {
      name: "union siblings apply to every variant ('a or b required' pattern)",
      input: {
        type: "object",
        properties: { a: { type: "string" }, b: { type: "string" } },
        anyOf: [{ required: ["a"] }, { required: ["b"] }],
      },
      schema: {
        ...obj({ a: { type: "string" }, b: { type: "string" } }),
        description: "(one of: object {a, b?} | object {a?, b})",
      },
      notes: ["(root): anyOf of 2 variants flattened to type object"],
    },
    {
      name: "top-level anyOf of objects (Anthropic rejects it) becomes one object",
      input: {
        description: "Search or fetch.",
        anyOf: [
          obj({ query: { type: "string" } }, ["query"]),
          obj({ url: { type: "string", format: "uri" } }, ["url"]),
        ],
      },
      schema: {
        ...obj({ query: { type: "string" }, url: { type: "string", format: "uri" } }),
        description: "Search or fetch. (one of: object {query} | object {url})",
      },
      notes: ["(root): anyOf of 2 variants flattened to type object"],
    },
    {
      name: "top-level oneOf with a non-object variant: the object still wins",
      input: { oneOf: [{ type: "string" }, obj({ a: { type: "number" } })] },
      schema: { ...obj({ a: { type: "number" } }), description: "(one of: string | object {a?})" },
      notes: ["(root): oneOf of 2 variants flattened to type object | string"],
    },
    {
      name: "variant refs resolved before merging",
      input: {
        properties: {
          shape: { anyOf: [{ $ref: "#/$defs/Circle" }, { $ref: "#/$defs/Square" }, { type: "null" }] },
        },
        required: ["shape"],
        $defs: {
          Circle: obj({ r: { type: "number" } }, ["r"]),
          Square: obj({ side: { type: "number" } }, ["side"]),
        },
      },
      schema: obj({
        shape: {
          type: "object",
          properties: { r: { type: "number" }, side: { type: "number" } },
          description: "(one of: object {r} | object {side})",
        },
      }),
      notes: ["/properties/shape: anyOf of 2 variants flattened to type object"],
    },
    {
      name: "only null left: type null, still required (null is the one value, not an alternative)",
      input: obj({ nothing: { anyOf: [{ type: "null" }] } }, ["nothing"]),
      schema: obj({ nothing: { type: "null" } }, ["nothing"]),
      notes: [],
    },
    {
      name: "no variant can match: property dropped",
      input: obj({ never: { anyOf: [false, { not: {} }] }, ok: { type: "string" } }),
      schema: obj({ ok: { type: "string" } }),
      notes: ["/properties/never: accepts no value (false); property dropped"],
    },
    {
      name: "union inside array items: null stays an item value",
      input: obj({ xs: { type: "array", items: { anyOf: [{ type: "string" }, { type: "null" }] } } }),
      schema: obj({ xs: { type: "array", items: { type: ["string", "null"] } } }),
      notes: [],
    },
  ])("$name", ({ input, schema, notes }) => {
    expect(sanitizeSchema(input)).toEqual({ schema, notes });
  });
});
