import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { foundNames, loadedByHistory, namespacesFor, pruneReferences, toolOptions } from "./native-tools.js";

describe("foundNames", () => {
  it.each<[string, unknown, string[]]>([
    [
      "Anthropic tool references",
      [
        { type: "tool_reference", toolName: "mcp__a__x" },
        { type: "tool_reference", toolName: "mcp__a__y" },
      ],
      ["mcp__a__x", "mcp__a__y"],
    ],
    [
      "OpenAI functions inside namespaces and on their own",
      {
        tools: [
          { type: "namespace", name: "mcp__a", tools: [{ type: "function", name: "mcp__a__x" }] },
          { type: "function", name: "mcp__b__z" },
        ],
      },
      ["mcp__a__x", "mcp__b__z"],
    ],
    ["an error result", { type: "tool_search_tool_result_error", errorCode: "unavailable" }, []],
    ["nothing", null, []],
  ])("%s", (_, value, want) => {
    expect(foundNames(value)).toEqual(want);
  });
});

describe("loadedByHistory", () => {
  it("collects what every native search result in the conversation loaded, for that provider only", () => {
    const result = (toolName: string, value: unknown) => ({
      type: "tool-result" as const,
      toolCallId: "c",
      toolName,
      output: { type: "json" as const, value: value as never },
    });
    const messages: ModelMessage[] = [
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: [result("tool_search", { tools: [{ type: "function", name: "mcp__a__x" }] })],
      },
      { role: "assistant", content: "plain text" },
      {
        role: "assistant",
        content: [result("tool_search", { tools: [{ type: "function", name: "mcp__a__y" }] })],
      },
      {
        role: "assistant",
        content: [result("tool_search_tool_bm25", [{ type: "tool_reference", toolName: "z" }])],
      },
    ];
    expect([...loadedByHistory(messages, "openai")]).toEqual(["mcp__a__x", "mcp__a__y"]);
    expect([...loadedByHistory(messages, "anthropic")]).toEqual(["z"]);
  });
});

describe("namespacesFor", () => {
  it("names each server's namespace validly and uniquely, and lists its tools within a bound", () => {
    const many = Array.from({ length: 200 }, (_, i) => `tool_number_${i}`);
    const ns = namespacesFor(
      new Map([
        ["git.lab", ["create_issue"]],
        ["git_lab", ["a", "b"]],
        ["big", many],
      ]),
    );
    expect(ns.get("git.lab")).toEqual({
      name: "mcp__git_lab",
      description: 'Tools of the MCP server "git.lab" (1 tool): create_issue.',
    });
    expect(ns.get("git_lab")).toEqual({
      name: "mcp__git_lab_2",
      description: 'Tools of the MCP server "git_lab" (2 tools): a, b.',
    });
    const big = ns.get("big")!.description;
    expect(big).toMatch(
      /^Tools of the MCP server "big" \(200 tools\): tool_number_0, tool_number_1, .*, …\.$/,
    );
    expect(big.length).toBeLessThan(700);
  });
});

describe("toolOptions", () => {
  it.each([
    ["anthropic", true, undefined, { anthropic: { deferLoading: true } }],
    ["anthropic", false, undefined, {}],
    ["openai", false, undefined, {}],
    ["openai", true, undefined, { openai: { deferLoading: true } }],
    [
      "openai",
      false,
      { name: "mcp__a", description: "d" },
      { openai: { namespace: { name: "mcp__a", description: "d" } } },
    ],
  ] as const)("%s deferred=%s namespace=%j", (kind, deferred, namespace, want) => {
    expect(toolOptions(kind, deferred, namespace)).toEqual(want);
  });
});

describe("pruneReferences", () => {
  const search = (names: string[]): ModelMessage => ({
    role: "assistant",
    content: [
      {
        type: "tool-result",
        toolCallId: "s",
        toolName: "tool_search_tool_bm25",
        output: { type: "json", value: names.map((toolName) => ({ type: "tool_reference", toolName })) },
      },
    ],
  });
  it("keeps only references to tools the request defines (Anthropic refuses the others)", () => {
    const history: ModelMessage[] = [{ role: "user", content: "hi" }, search(["mcp__a__x", "mcp__gone__y"])];
    expect(pruneReferences(history, "anthropic", new Set(["mcp__a__x"]))).toEqual([
      { role: "user", content: "hi" },
      search(["mcp__a__x"]),
    ]);
  });
  it("leaves a history whose references all exist, and OpenAI's, as they are", () => {
    const history = [search(["mcp__a__x"])];
    expect(pruneReferences(history, "anthropic", new Set(["mcp__a__x"]))[0]).toBe(history[0]);
    expect(pruneReferences(history, "openai", new Set())).toEqual(history);
  });
});
