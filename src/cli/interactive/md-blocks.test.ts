import { describe, expect, it } from "vitest";
import { splitBlocks } from "./md-blocks.js";

describe("splitBlocks", () => {
  it.each([
    ["one line, still growing", "Hel", { done: [], tail: "Hel" }],
    [
      "a paragraph ends at a blank line",
      "# T\n\nSome text\n\nMore",
      { done: ["# T", "Some text"], tail: "More" },
    ],
    [
      "a table stays whole until the blank line",
      "| a |\n| - |\n| 1 |\n",
      { done: [], tail: "| a |\n| - |\n| 1 |\n" },
    ],
    [
      "blank lines inside a fence do not split it",
      "```js\na\n\nb\n```\n\nafter",
      { done: ["```js\na\n\nb\n```"], tail: "after" },
    ],
    ["an open fence keeps everything in the tail", "x\n\n```\na\n\n", { done: ["x"], tail: "```\na\n\n" }],
    ["several blank lines make one break", "a\n\n\n\nb", { done: ["a"], tail: "b" }],
  ])("%s", (_, text, expected) => {
    expect(splitBlocks(text)).toEqual(expected);
  });
});
