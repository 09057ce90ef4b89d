import { describe, expect, it } from "vitest";
import { toSearchable } from "./searchable.js";
import type { ToolEntry } from "./types.js";

const entry = (e: Partial<ToolEntry>): ToolEntry => ({
  name: "mcp__gh__create_issue",
  description: "Create an issue",
  inputSchema: { type: "object", properties: {} },
  rawInputSchema: undefined,
  source: { type: "mcp", server: "gh", tool: "create_issue", kind: "tool" },
  readOnly: false,
  execute: () => Promise.reject(new Error("not called")),
  ...e,
});

describe("toSearchable", () => {
  it("takes the full description and the raw schema's parameters, nested ones included", () => {
    expect(
      toSearchable(
        entry({
          description: "Create an…",
          fullDescription: "Create an issue in a repository",
          rawInputSchema: {
            type: "object",
            properties: {
              repo: { type: "string", description: "owner/name" },
              labels: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } },
              target: { anyOf: [{ type: "object", properties: { branch: {} } }, { type: "string" }] },
            },
          },
        }),
      ),
    ).toEqual({
      name: "mcp__gh__create_issue",
      server: "gh",
      tool: "create_issue",
      description: "Create an issue in a repository",
      parameters: [
        { name: "repo", description: "owner/name" },
        { name: "labels" },
        { name: "name" },
        { name: "target" },
        { name: "branch" },
      ],
    });
  });

  it("falls back to the sanitized schema; built-ins have no server", () => {
    expect(
      toSearchable(
        entry({
          name: "read_file",
          source: { type: "builtin" },
          rawInputSchema: "not a schema",
          inputSchema: { type: "object", properties: { path: { type: "string", description: "File" } } },
        }),
      ),
    ).toEqual({
      name: "read_file",
      description: "Create an issue",
      parameters: [{ name: "path", description: "File" }],
    });
  });

  it("stops at cycles and bounds the walk", () => {
    const a: Record<string, unknown> = { type: "object", properties: {} };
    (a.properties as Record<string, unknown>).self = a;
    expect(toSearchable(entry({ rawInputSchema: a })).parameters).toEqual([{ name: "self" }]);
    const wide = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, {}])),
    };
    expect(toSearchable(entry({ rawInputSchema: wide })).parameters).toHaveLength(200);
  });
});
