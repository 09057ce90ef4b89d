import { describe, expect, it } from "vitest";
import { xMcpHeaderProblem } from "./x-mcp-header.js";

const obj = (properties: Record<string, unknown>) => ({ type: "object", properties });

describe("xMcpHeaderProblem", () => {
  it.each([
    ["no marks", obj({ a: { type: "string" } }), undefined],
    [
      "valid marks, nested through properties",
      obj({
        region: { type: "string", "x-mcp-header": "Region" },
        o: obj({ id: { type: "integer", "x-mcp-header": "Id" } }),
      }),
      undefined,
    ],
    ["empty", obj({ a: { type: "string", "x-mcp-header": "" } }), 'empty x-mcp-header on "a"'],
    [
      "space",
      obj({ a: { type: "string", "x-mcp-header": "My Name" } }),
      'x-mcp-header "My Name" on "a" is not a valid HTTP header name',
    ],
    [
      "colon",
      obj({ a: { type: "string", "x-mcp-header": "a:b" } }),
      'x-mcp-header "a:b" on "a" is not a valid HTTP header name',
    ],
    [
      "non-ASCII",
      obj({ a: { type: "string", "x-mcp-header": "Régión" } }),
      'x-mcp-header "Régión" on "a" is not a valid HTTP header name',
    ],
    [
      "control char",
      obj({ a: { type: "string", "x-mcp-header": "a\r\nb" } }),
      'x-mcp-header "a\r\nb" on "a" is not a valid HTTP header name',
    ],
    [
      "number",
      obj({ a: { type: "number", "x-mcp-header": "A" } }),
      'x-mcp-header on "a", whose type is "number" (only string, integer or boolean)',
    ],
    [
      "object",
      obj({ a: { type: "object", "x-mcp-header": "A" } }),
      'x-mcp-header on "a", whose type is "object" (only string, integer or boolean)',
    ],
    [
      "null",
      obj({ a: { type: "null", "x-mcp-header": "A" } }),
      'x-mcp-header on "a", whose type is "null" (only string, integer or boolean)',
    ],
    [
      "duplicate, other case",
      obj({ a: { type: "string", "x-mcp-header": "Name" }, b: { type: "string", "x-mcp-header": "name" } }),
      'x-mcp-header "name" is used twice ("a" and "b")',
    ],
    [
      "under items",
      obj({ list: { type: "array", items: { type: "string", "x-mcp-header": "L" } } }),
      'x-mcp-header on "list.items", which is not reachable through properties alone',
    ],
    [
      "under anyOf",
      { ...obj({}), anyOf: [obj({ a: { type: "string", "x-mcp-header": "A" } })] },
      'x-mcp-header on "anyOf.a", which is not reachable through properties alone',
    ],
  ])("%s", (_what, schema, expected) => {
    expect(xMcpHeaderProblem(schema)).toBe(expected);
  });
});
