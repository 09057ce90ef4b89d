import { describe, expect, it } from "vitest";
import { declareTool, declareTools, schemaToType } from "./declarations.js";

describe("schemaToType", () => {
  it.each([
    ["string", { type: "string" }, "string"],
    ["integer", { type: "integer" }, "number"],
    ["enum", { enum: ["a", "b", 3] }, '"a" | "b" | 3'],
    ["const", { const: "x" }, '"x"'],
    ["nullable", { type: ["string", "null"] }, "string | null"],
    [
      "array of union",
      { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
      "(string | number)[]",
    ],
    [
      "object with optional and odd keys",
      { type: "object", properties: { a: { type: "string" }, "b-c": { type: "boolean" } }, required: ["a"] },
      '{ a: string; "b-c"?: boolean; }',
    ],
    ["map", { type: "object", additionalProperties: { type: "number" } }, "Record<string, number>"],
    ["open object", { type: "object" }, "Record<string, unknown>"],
    ["inferred object", { properties: { n: { type: "number" } }, required: ["n"] }, "{ n: number; }"],
    [
      "local $ref",
      { $defs: { P: { type: "object", properties: { x: { type: "number" } } } }, $ref: "#/$defs/P" },
      "{ x?: number; }",
    ],
    ["unresolvable $ref", { $ref: "#/$defs/Nope" }, "unknown"],
    [
      "allOf",
      { allOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }] },
      "{ a?: string; } & { b?: string; }",
    ],
    ["boolean schema", true, "unknown"],
    ["garbage", "nope", "unknown"],
  ])("%s", (_name, schema, expected) => {
    expect(schemaToType(schema)).toBe(expected);
  });

  it("a self-referencing schema ends at the depth cap", () => {
    const schema = {
      $defs: { N: { type: "object", properties: { next: { $ref: "#/$defs/N" } } } },
      $ref: "#/$defs/N",
    };
    expect(schemaToType(schema)).toBe("{ next?: { next?: { next?: unknown; }; }; }");
  });
});

describe("declareTool", () => {
  it("documents the arguments, names the server and types the structured result", () => {
    expect(
      declareTool({
        name: "mcp__records__get_record",
        server: "records",
        description: "Read one record.\nBy id.",
        inputSchema: {
          type: "object",
          properties: { id: { type: "number", description: "The record id" } },
          required: ["id"],
        },
        outputSchema: {
          type: "object",
          properties: { id: { type: "number" }, status: { enum: ["paid", "overdue"] } },
          required: ["id", "status"],
        },
      }),
    ).toBe(
      [
        "  /** Read one record. By id. (server records) */",
        "  mcp__records__get_record(args: {",
        "    /** The record id */ id: number;",
        '  }): Promise<{ id: number; status: "paid" | "overdue"; }>;',
      ].join("\n"),
    );
  });

  it("a tool without an output schema resolves with text; a hostile description cannot end its comment", () => {
    expect(
      declareTool({
        name: "odd-name",
        description: "evil */ tools.x() /* \u001b[31mred",
        inputSchema: { type: "object", properties: {} },
      }),
    ).toBe(
      '  /** evil * / tools.x() /* red */\n  "odd-name"(args: Record<string, unknown>): Promise<string>;',
    );
  });
});

describe("declareTools", () => {
  it("an interface and the tools constant", () => {
    expect(
      declareTools([
        {
          name: "t",
          description: "",
          inputSchema: { type: "object", properties: {}, additionalProperties: false },
        },
      ]),
    ).toBe("interface Tools {\n  t(args: {}): Promise<string>;\n}\ndeclare const tools: Tools;");
  });
});
