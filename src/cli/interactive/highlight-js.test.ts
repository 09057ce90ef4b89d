import { describe, expect, it } from "vitest";
import { highlightJs } from "./highlight-js.js";

describe("highlightJs", () => {
  it.each([
    [
      "a call to a tool",
      "const r = await tools.mcp__db__query({ n: 10 });",
      [
        { text: "const", kind: "keyword" },
        { text: " r = ", kind: "plain" },
        { text: "await", kind: "keyword" },
        { text: " ", kind: "plain" },
        { text: "tools.mcp__db__query", kind: "tool" },
        { text: "({ n: ", kind: "plain" },
        { text: "10", kind: "number" },
        { text: " });", kind: "plain" },
      ],
    ],
    [
      "a bracketed tool name, a string and a comment",
      "tools[\"a-b\"]('x // not a comment') // done",
      [
        { text: 'tools["a-b"]', kind: "tool" },
        { text: "(", kind: "plain" },
        { text: "'x // not a comment'", kind: "string" },
        { text: ") ", kind: "plain" },
        { text: "// done", kind: "comment" },
      ],
    ],
    ["identifiers that contain keywords", "returned", [{ text: "returned", kind: "plain" }]],
    ["an empty line", "", []],
  ])("%s", (_name, code, tokens) => {
    expect(highlightJs(code)).toEqual([tokens]);
  });

  it("keeps one array per line", () => {
    expect(highlightJs("a\nb").length).toBe(2);
  });
});
