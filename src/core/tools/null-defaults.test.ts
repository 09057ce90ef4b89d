import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "../schema/sanitize.js";
import { nullDefaults, withNullDefaults } from "./null-defaults.js";

const keysOf = (raw: unknown) => nullDefaults(raw, sanitizeSchema(raw).schema);

describe("nullDefaults: required keys the model may leave out because they accept null", () => {
  const rows: { name: string; raw: unknown; keys: string[] }[] = [
    { name: "no schema", raw: undefined, keys: [] },
    { name: "nothing required", raw: { type: "object", properties: { a: { type: "string" } } }, keys: [] },
    {
      name: "required and not nullable stays required",
      raw: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      keys: [],
    },
    {
      name: "type array with null (dokploy)",
      raw: {
        type: "object",
        properties: { path: { type: ["string", "null"] }, id: { type: "string" } },
        required: ["path", "id"],
      },
      keys: ["path"],
    },
    {
      name: "anyOf with a null variant (postman's role)",
      raw: {
        type: "object",
        properties: { role: { anyOf: [{ type: "string", enum: ["A", "B"] }, { type: "null" }] } },
        required: ["role"],
      },
      keys: ["role"],
    },
    {
      name: "a required name not in properties is not sent",
      raw: { type: "object", properties: {}, required: ["ghost"] },
      keys: [],
    },
    {
      name: "duplicates once",
      raw: { type: "object", properties: { a: { type: ["number", "null"] } }, required: ["a", "a"] },
      keys: ["a"],
    },
  ];
  for (const row of rows) it(row.name, () => expect(keysOf(row.raw)).toEqual(row.keys));
});

describe("withNullDefaults", () => {
  it("fills only what was left out, and keeps what the model gave", () => {
    expect(withNullDefaults({ a: "x" }, ["a", "b"])).toEqual({ a: "x", b: null });
    expect(withNullDefaults({ a: undefined }, ["a"])).toEqual({ a: undefined });
  });
  it("returns the same object when nothing is missing", () => {
    const args = { a: 1 };
    expect(withNullDefaults(args, ["a"])).toBe(args);
  });
});
