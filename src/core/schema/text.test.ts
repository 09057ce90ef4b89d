import { describe, expect, it } from "vitest";
import { sanitizeSchema } from "./sanitize.js";

describe("sanitizeSchema: descriptions", () => {
  it.each([
    ["cut to 1000 with an ellipsis", "x".repeat(1500), `${"x".repeat(999)}…`],
    ["exactly 1000 kept", "y".repeat(1000), "y".repeat(1000)],
    [
      "ANSI and control characters stripped, newlines and tabs kept",
      "\u001b[31mred\u001b[0m\u0007 line\r\nnext\tcol\u0000",
      "red line\nnext\tcol",
    ],
    [
      "OSC hyperlinks and bidi overrides stripped",
      "\u001b]8;;https://evil\u0007click\u001b]8;;\u0007 \u202eevil",
      "click evil",
    ],
    ["whitespace-only dropped", "  \u0000 ", undefined],
    ["non-string dropped", 42, undefined],
    ["surrogate pair not split", `${"a".repeat(998)}😀😀`, `${"a".repeat(998)}…`],
  ])("%s", (_name, description, expected) => {
    const { schema } = sanitizeSchema({
      description,
      properties: { p: { type: "string", description, title: description } },
    });
    expect([schema.description, schema.properties.p?.description, schema.properties.p?.title]).toEqual([
      expected,
      expected,
      expected,
    ]);
  });

  it("keeps our cut note whole when the server's description is at the cap", () => {
    const { schema } = sanitizeSchema({
      properties: { p: { $ref: "#/$defs/Gone", description: "d".repeat(2000) } },
    });
    const d = schema.properties.p?.description ?? "";
    expect([d.length, d.endsWith("… (reference #/$defs/Gone not found, cut)")]).toEqual([1000, true]);
  });

  it("honours maxDescription", () => {
    expect(sanitizeSchema({ description: "abcdef" }, { maxDescription: 4 }).schema.description).toEqual(
      "abc…",
    );
  });
});
