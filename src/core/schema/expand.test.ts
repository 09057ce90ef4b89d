import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

const node = {
  type: "object",
  properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
  required: ["name"],
};

const obj = (properties: Record<string, unknown>, required?: string[]) => ({
  type: "object",
  properties,
  ...(required && { required }),
});

describe("sanitizeSchema: $ref cycles and cuts", () => {
  it.each([
    {
      name: "self-recursive Node.children cut one level down",
      input: { type: "object", properties: { root: { $ref: "#/$defs/Node" } }, $defs: { Node: node } },
      schema: {
        type: "object",
        properties: {
          root: {
            type: "object",
            properties: {
              name: { type: "string" },
              children: {
                type: "array",
                items: { type: "object", properties: {}, description: "(recursive reference to Node cut)" },
              },
            },
            required: ["name"],
          },
        },
      },
      notes: ["/properties/root/properties/children/items: recursive reference to Node cut"],
    },
    {
      name: "root that is itself the recursive definition (#)",
      input: { type: "object", properties: { next: { $ref: "#" }, v: { type: "string" } } },
      schema: {
        type: "object",
        properties: {
          next: { type: "object", properties: {}, description: "(recursive reference to root cut)" },
          v: { type: "string" },
        },
      },
      notes: ["/properties/next: recursive reference to root cut"],
    },
    {
      name: "mutual recursion A -> B -> A",
      input: {
        properties: { a: { $ref: "#/$defs/A" } },
        $defs: {
          A: { properties: { b: { $ref: "#/$defs/B" } } },
          B: { properties: { a: { $ref: "#/$defs/A" } } },
        },
      },
      schema: {
        type: "object",
        properties: {
          a: {
            type: "object",
            properties: {
              b: {
                type: "object",
                properties: {
                  a: { type: "object", properties: {}, description: "(recursive reference to A cut)" },
                },
              },
            },
          },
        },
      },
      notes: ["/properties/a/properties/b/properties/a: recursive reference to A cut"],
    },
    {
      name: "a ref loop with no schema in between (A: $ref B, B: $ref A)",
      input: {
        properties: { a: { $ref: "#/$defs/A" } },
        $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } },
      },
      schema: {
        type: "object",
        properties: { a: { type: "object", properties: {}, description: "(recursive reference to A cut)" } },
      },
      notes: ["/properties/a: recursive reference to A cut"],
    },
    {
      name: ".NET-style JSON-pointer ref to an ancestor's items",
      input: {
        type: "object",
        properties: {
          nodes: {
            type: "array",
            items: {
              type: "object",
              properties: {
                id: { type: "string" },
                children: { type: "array", items: { $ref: "#/properties/nodes/items" } },
              },
            },
          },
        },
      },
      schema: {
        type: "object",
        properties: {
          nodes: {
            type: "array",
            items: {
              type: "object",
              properties: {
                id: { type: "string" },
                children: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {},
                    description: "(recursive reference to items cut)",
                  },
                },
              },
            },
          },
        },
      },
      notes: ["/properties/nodes/items/properties/children/items: recursive reference to items cut"],
    },
    {
      name: "dangling ref keeps its siblings and says why",
      input: {
        properties: { issue: { $ref: "#/$defs/Issue", description: "The issue." }, ok: { type: "string" } },
        required: ["issue", "ok"],
      },
      schema: {
        type: "object",
        properties: {
          issue: {
            type: "object",
            properties: {},
            description: "The issue. (reference #/$defs/Issue not found, cut)",
          },
          ok: { type: "string" },
        },
        required: ["issue", "ok"],
      },
      notes: ["/properties/issue: reference #/$defs/Issue not found, cut"],
    },
    {
      name: "remote ref cut; a typed sibling keeps its type",
      input: { properties: { u: { $ref: "https://example.com/user.json", type: "string" } } },
      schema: {
        type: "object",
        properties: {
          u: {
            type: "string",
            description: "(remote reference https://example.com/user.json not followed, cut)",
          },
        },
      },
      notes: ["/properties/u: remote reference https://example.com/user.json not followed, cut"],
    },
    {
      name: "ref to a non-schema value",
      input: { properties: { a: { $ref: "#/$defs/N" } }, $defs: { N: 42 } },
      schema: {
        type: "object",
        properties: {
          a: { type: "object", properties: {}, description: "(reference N is not a schema, cut)" },
        },
      },
      notes: ["/properties/a: reference N is not a schema, cut"],
    },
    {
      name: "ref to boolean schemas: true is any value, false drops the property",
      input: {
        properties: { any: { $ref: "#/$defs/T" }, none: { $ref: "#/$defs/F" } },
        $defs: { T: true, F: false },
      },
      schema: { type: "object", properties: { any: { type: "string" } } },
      notes: ["/properties/none: accepts no value (false); property dropped"],
    },
  ])("$name", ({ input, schema, notes }) => {
    expect(sanitizeSchema(input)).toEqual({ schema, notes });
  });
});

describe("sanitizeSchema: allOf", () => {
  it.each([
    {
      name: "object variants merged: properties and required united",
      input: { allOf: [obj({ a: { type: "string" } }, ["a"]), obj({ b: { type: "number" } }, ["b"])] },
      schema: obj({ a: { type: "string" }, b: { type: "number" } }, ["a", "b"]),
      notes: [],
    },
    {
      name: "pydantic v1 single-ref allOf with description sibling",
      input: {
        properties: {
          status: {
            title: "Status",
            description: "Current status.",
            allOf: [{ $ref: "#/definitions/Status" }],
          },
        },
        definitions: {
          Status: {
            title: "Status",
            description: "An enumeration.",
            enum: ["open", "closed"],
            type: "string",
          },
        },
      },
      schema: obj({
        status: { type: "string", title: "Status", description: "Current status.", enum: ["open", "closed"] },
      }),
      notes: [],
    },
    {
      name: "allOf extending a base through $ref, siblings last",
      input: {
        type: "object",
        allOf: [{ $ref: "#/$defs/Base" }, { properties: { extra: { type: "boolean" } } }],
        properties: { own: { type: "string" } },
        $defs: { Base: obj({ id: { type: "string" } }, ["id"]) },
      },
      schema: obj({ id: { type: "string" }, extra: { type: "boolean" }, own: { type: "string" } }, ["id"]),
      notes: [],
    },
    {
      name: "allOf of scalar constraints keeps them",
      input: obj({ s: { allOf: [{ type: "string" }, { minLength: 2 }, { maxLength: 5 }] } }),
      schema: obj({ s: { type: "string", minLength: 2, maxLength: 5 } }),
      notes: [],
    },
    {
      name: "allOf with false: the property is dropped",
      input: obj({ x: { allOf: [{ type: "string" }, false] }, y: { type: "string" } }),
      schema: obj({ y: { type: "string" } }),
      notes: ["/properties/x: accepts no value (false); property dropped"],
    },
    {
      name: "allOf containing a union",
      input: obj(
        { u: { allOf: [{ anyOf: [{ type: "string" }, { type: "null" }] }, { description: "maybe" }] } },
        ["u"],
      ),
      schema: obj({ u: { type: "string", description: "maybe" } }),
      notes: [],
    },
  ])("$name", ({ input, schema, notes }) => {
    expect(sanitizeSchema(input)).toEqual({ schema, notes });
  });
});
