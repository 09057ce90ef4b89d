import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  KEEP_FIELD_CHARS,
  pinnedForm,
  storedDefinition,
  toolHash,
  type ToolDefinition,
} from "./definition.js";

const big = {
  type: "object",
  properties: { text: { type: "string", description: "x".repeat(KEEP_FIELD_CHARS) } },
};

describe("pinnedForm", () => {
  it.each<[string, ToolDefinition]>([
    ["a bare tool", { name: "t" }],
    [
      "every field, keys in any order",
      {
        name: "create_issue",
        title: "Create",
        description: "Creates an issue",
        inputSchema: { type: "object", required: ["repo"], properties: { repo: { type: "string" } } },
        outputSchema: { type: "object" },
        annotations: { readOnlyHint: false },
      },
    ],
    ["a schema too large to keep whole", { name: "big", description: "d", inputSchema: big }],
    [
      "a description too large to keep whole",
      { name: "long", description: "y".repeat(KEEP_FIELD_CHARS + 1) },
    ],
  ])("is toolHash and storedDefinition of %s", (_l, d) => {
    expect(pinnedForm(d)).toEqual({ hash: toolHash(d), stored: storedDefinition(d) });
  });

  it("is toolHash and storedDefinition of any definition", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            name: fc.string(),
            title: fc.string(),
            description: fc.string(),
            inputSchema: fc.jsonValue(),
            outputSchema: fc.jsonValue(),
            annotations: fc.jsonValue(),
          },
          { requiredKeys: ["name"] },
        ),
        (d) => {
          expect(pinnedForm(d)).toEqual({ hash: toolHash(d), stored: storedDefinition(d) });
        },
      ),
    );
  });
});
