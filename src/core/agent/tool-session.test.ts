import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { buildToolIndex } from "../search/index.js";
import type { ToolEntry } from "../tools/types.js";
import { loadTokenCounter } from "./token-count.js";
import { ToolSession } from "./tool-session.js";

function entry(name: string, server?: string): ToolEntry {
  return {
    name,
    description: `Does ${name}`,
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
    rawInputSchema: undefined,
    source:
      server === undefined
        ? { type: "builtin" }
        : { type: "mcp", server, tool: name.split("__")[2]!, kind: "tool" },
    readOnly: true,
    execute: () => Promise.resolve({ text: "", isError: false, media: [], truncated: false }),
  };
}

const all = [
  entry("read_file"),
  ...Array.from({ length: 50 }, (_, i) => entry(`mcp__gitlab__t${i}`, "gitlab")),
];

/** A conversation whose assistant turn ran Anthropic's tool search, which loaded `found`. */
function searched(found: string[]): ModelMessage[] {
  return [
    { role: "user", content: "open a merge request" },
    {
      role: "assistant",
      content: [
        {
          type: "tool-call",
          toolCallId: "srvtoolu_1",
          toolName: "tool_search_tool_bm25",
          input: { query: "merge request" },
          providerExecuted: true,
        },
        {
          type: "tool-result",
          toolCallId: "srvtoolu_1",
          toolName: "tool_search_tool_bm25",
          output: { type: "json", value: found.map((toolName) => ({ type: "tool_reference", toolName })) },
        },
      ],
    },
  ];
}

describe("ToolSession with native deferral", () => {
  it("keeps a found tool deferred while the history loads it, and sends it whole once it does not", async () => {
    await loadTokenCounter();
    const s = new ToolSession({ provider: "anthropic", native: "anthropic", buildIndex: buildToolIndex });
    s.markFound(["mcp__gitlab__t3"]);
    const withResult = s.prepare(all, searched(["mcp__gitlab__t3"]));
    expect(withResult.ok && [withResult.value.plan.send, withResult.value.plan.deferLoading.length]).toEqual([
      ["read_file"],
      50,
    ]);
    const tools = withResult.ok ? withResult.value.aiTools : {};
    expect(Object.keys(tools).at(-1)).toBe("tool_search_tool_bm25");
    expect(tools["mcp__gitlab__t3"]!.providerOptions).toEqual({ anthropic: { deferLoading: true } });
    expect(tools["read_file"]!.providerOptions).toBeUndefined();
    // Compacted away: the search result is gone, the tool was used, so it goes out whole.
    const compacted = s.prepare(all, [{ role: "user", content: "summary of earlier turns" }]);
    expect(compacted.ok && compacted.value.plan.send).toEqual(["read_file", "mcp__gitlab__t3"]);
    expect(compacted.ok && compacted.value.aiTools["mcp__gitlab__t3"]!.providerOptions).toBeUndefined();
  });

  it("counts a found tool as loaded in /tools and /context only while the history loads it", async () => {
    await loadTokenCounter();
    const s = new ToolSession({ provider: "anthropic", native: "anthropic", buildIndex: buildToolIndex });
    const one = s.tokensOf(all[1]!);
    const before = s.stats(all, []);
    const after = s.stats(all, searched(["mcp__gitlab__t1", "mcp__gitlab__t2"]));
    expect([before.search, before.searchTool, before.loaded, before.deferred]).toEqual([
      "native",
      "tool_search_tool_bm25",
      2,
      50,
    ]);
    expect([after.loaded, after.deferred]).toEqual([4, 48]);
    expect(after.loadedTokens - before.loadedTokens).toBe(2 * one);
    expect(before.deferredTokens - after.deferredTokens).toBe(2 * one);
    expect(after.deferredServers).toEqual([{ server: "gitlab", tools: 48 }]);
  });

  it("OpenAI: every MCP tool inside its server's namespace, deferred, strict off", () => {
    const s = new ToolSession({ provider: "openai", native: "openai", buildIndex: buildToolIndex });
    const r = s.prepare(all);
    const tools = r.ok ? r.value.aiTools : {};
    expect(Object.keys(tools)).toHaveLength(52);
    expect(tools["mcp__gitlab__t0"]!.providerOptions).toEqual({
      openai: {
        deferLoading: true,
        namespace: {
          name: "mcp__gitlab",
          description: expect.stringMatching(/^Tools of the MCP server "gitlab" \(50 tools\): t0, t1, /),
        },
      },
    });
    expect(tools["read_file"]!.providerOptions).toBeUndefined();
    expect([tools["read_file"]!.strict, tools["mcp__gitlab__t0"]!.strict]).toEqual([false, false]);
    expect(Object.keys(tools).at(-1)).toBe("tool_search");
  });

  it("without native deferral the local search_tools is offered", () => {
    const s = new ToolSession({ provider: "anthropic", buildIndex: buildToolIndex });
    const r = s.prepare(all);
    expect(r.ok && Object.keys(r.value.aiTools)).toEqual(["read_file", "search_tools"]);
    expect(s.searchName).toBe("search_tools");
  });
});
