import type { ModelMessage, ToolSet } from "ai";
import { jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { markCache, tailIndexes, takesBreakpoints } from "./prompt-cache.js";

const E = { anthropic: { cacheControl: { type: "ephemeral" } } };
const t = (extra: object = {}) => ({ ...tool({ inputSchema: jsonSchema({ type: "object" }) }), ...extra });
const user = (text: string): ModelMessage => ({ role: "user", content: text });
const answer = (text: string): ModelMessage => ({ role: "assistant", content: text });
const result = (id: string): ModelMessage => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId: id, toolName: "x", output: { type: "text", value: "ok" } }],
});

describe("takesBreakpoints", () => {
  it.each([
    ["anthropic.messages", true],
    ["anthropic", true],
    ["openai.responses", false],
    ["openai-compatible.chat", false],
    ["google.generative-ai", false],
    [undefined, false],
  ])("%s → %s", (p, yes) => expect(takesBreakpoints(p)).toBe(yes));
});

describe("tailIndexes", () => {
  it.each([
    ["empty", [], []],
    ["the first prompt", [user("a")], [0]],
    ["a second turn: its prompt and the first turn's", [user("a"), answer("b"), user("c")], [2, 0]],
    [
      "a tool step: the result and the request before the call",
      [user("a"), answer("b"), user("c"), answer("call"), result("1")],
      [4, 2],
    ],
  ] as [string, ModelMessage[], number[]][])("%s", (_n, messages, want) =>
    expect(tailIndexes(messages)).toEqual(want),
  );
});

describe("markCache", () => {
  const tools: ToolSet = {
    read_file: t(),
    mcp__a__b: t(),
    mcp__a__c: t({ providerOptions: { anthropic: { deferLoading: true } } }),
  };
  const messages = [user("a"), answer("b"), result("1")];

  it("leaves other providers' requests as they are", () => {
    const parts = { system: "S", messages, tools };
    expect(markCache("openai.responses", parts)).toBe(parts);
  });

  it("marks the last tool sent whole, the system prompt and two tail messages: four breakpoints", () => {
    const out = markCache("anthropic.messages", { system: "S", messages, tools });
    expect(out.system).toEqual({ role: "system", content: "S", providerOptions: E });
    expect(Object.keys(out.tools)).toEqual(["read_file", "mcp__a__b", "mcp__a__c"]);
    expect(out.tools.read_file!.providerOptions).toBeUndefined();
    expect(out.tools.mcp__a__b!.providerOptions).toEqual(E);
    expect(out.tools.mcp__a__c!.providerOptions).toEqual({ anthropic: { deferLoading: true } });
    expect(out.messages.map((m) => m.providerOptions)).toEqual([E, undefined, E]);
    // The input is untouched: the conversation held by the agent never carries the marks.
    expect(messages.every((m) => m.providerOptions === undefined)).toBe(true);
    expect(tools.mcp__a__b!.providerOptions).toBeUndefined();
  });

  it("keeps a message's own provider options beside the mark", () => {
    const m: ModelMessage = {
      role: "user",
      content: "a",
      providerOptions: { anthropic: { x: 1 }, other: { y: 2 } },
    };
    const out = markCache("anthropic.messages", { system: "", messages: [m], tools: {} });
    expect(out.messages[0]!.providerOptions).toEqual({
      anthropic: { x: 1, cacheControl: { type: "ephemeral" } },
      other: { y: 2 },
    });
    expect(out.system).toBe("");
  });
});
