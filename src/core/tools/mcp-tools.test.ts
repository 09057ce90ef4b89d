import { describe, expect, it } from "vitest";
import { EMPTY_LISTS, type ServerLists } from "../mcp/servers/state.js";
import { buildServerTools, type McpToolDeps } from "./mcp-tools.js";

const ok = { text: "", isError: false, media: [], truncated: false };
const deps: McpToolDeps = {
  callTool: () => Promise.resolve(ok),
  listResources: () => Promise.resolve(ok),
  readResource: () => Promise.resolve(ok),
  listPrompts: () => Promise.resolve(ok),
  getPrompt: () => Promise.resolve(ok),
};
const lists = (l: Partial<ServerLists>): ServerLists => ({ ...EMPTY_LISTS, ...l });

describe("buildServerTools", () => {
  it("names, sanitizes and annotates each tool, keeping the original name for the wire", () => {
    const { entries, skipped } = buildServerTools(
      "srv",
      lists({
        tools: [
          {
            name: "get.user",
            description: "\u001b[31mGets\u001b[0m a user",
            annotations: { readOnlyHint: true },
          },
          { name: "bad", inputSchema: { type: "string" } },
        ],
      }),
      { capabilities: { tools: {} }, deps },
    );
    expect(entries.map((e) => [e.name, e.description, e.readOnly, e.source])).toEqual([
      [
        "mcp__srv__get_user",
        "Gets a user",
        true,
        { type: "mcp", server: "srv", tool: "get.user", kind: "tool" },
      ],
    ]);
    expect(entries[0]?.inputSchema).toEqual({ type: "object", properties: {} });
    expect(skipped.map((s) => s.name)).toEqual(["bad"]);
  });

  it("adds the virtual tools by capability, and a real tool of the same name wins", () => {
    const { entries } = buildServerTools(
      "s",
      lists({ tools: [{ name: "read_resource", description: "the server's own" }] }),
      { capabilities: { resources: {}, prompts: {} }, deps },
    );
    const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual([
      "mcp__s__get_prompt",
      "mcp__s__list_prompts",
      "mcp__s__list_resources",
      "mcp__s__read_resource",
    ]);
    expect(byName.mcp__s__read_resource?.description).toBe("the server's own");
    expect(byName.mcp__s__list_prompts?.readOnly).toBe(true);
  });

  it("cuts descriptions to 1000 characters and infers capabilities from cached lists", () => {
    const { entries } = buildServerTools(
      "s",
      lists({
        tools: [{ name: "t", description: "d".repeat(5000) }],
        resources: [{ uri: "x://y", name: "y" }],
      }),
      { deps },
    );
    expect(entries.find((e) => e.name === "mcp__s__t")?.description).toHaveLength(1000);
    // Search indexes the whole text (§15.1).
    expect(entries.find((e) => e.name === "mcp__s__t")?.fullDescription).toBe("d".repeat(5000));
    expect(entries.map((e) => e.name)).toContain("mcp__s__read_resource");
    expect(entries.map((e) => e.name)).not.toContain("mcp__s__get_prompt");
  });
});
