import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../tools/registry.js";
import type { ToolEntry } from "../../tools/types.js";
import { subagentRegistry } from "./tools-view.js";

function entry(name: string, source: ToolEntry["source"] = { type: "builtin" }): ToolEntry {
  const schema = { type: "object" as const, properties: {} };
  return {
    name,
    description: name,
    inputSchema: schema,
    rawInputSchema: schema,
    source,
    readOnly: true,
    execute: async () => ({ text: "", isError: false, media: [], truncated: false }),
  };
}

const registry = new ToolRegistry();
for (const e of [
  entry("read_file"),
  entry("bash"),
  entry("task"),
  entry("execute_code"),
  entry("mcp__gh__create_issue", { type: "mcp", server: "gh", tool: "create_issue", kind: "tool" }),
  entry("mcp__gh__x_1a2b3c4d", { type: "mcp", server: "gh", tool: "a long name", kind: "tool" }),
  entry("mcp__db__query", { type: "mcp", server: "db", tool: "query", kind: "tool" }),
])
  registry.register(e);

describe("subagentRegistry", () => {
  it.each([
    [
      undefined,
      ["read_file", "bash", "execute_code", "mcp__gh__create_issue", "mcp__gh__x_1a2b3c4d", "mcp__db__query"],
    ],
    [["read_file"], ["read_file"]],
    [["mcp__gh__*"], ["mcp__gh__create_issue", "mcp__gh__x_1a2b3c4d"]],
    // A hashed registered name is still named by its server and original tool name.
    [
      ["mcp__gh__a long name", "bash"],
      ["bash", "mcp__gh__x_1a2b3c4d"],
    ],
    // Never task; never execute_code beside a list (its scripts would reach every tool).
    [
      ["task", "execute_code", "*"],
      ["read_file", "bash", "mcp__gh__create_issue", "mcp__gh__x_1a2b3c4d", "mcp__db__query"],
    ],
    [[], []],
  ])("%j sees %j", (patterns, names) => {
    const view = subagentRegistry(registry, patterns);
    expect(view.list().map((e) => e.name)).toEqual(names);
    expect(names.every((n) => view.get(n)?.name === n)).toBe(true);
    expect(view.get("task")).toBeUndefined();
  });
});
