import { describe, expect, it } from "vitest";
import type { RawPrompt } from "../../core/mcp/types.js";
import { bindPromptArgs, promptUsage } from "./prompt-args.js";

const weather: RawPrompt = {
  name: "weather",
  arguments: [
    { name: "city", required: true },
    { name: "style", required: false },
  ],
};
const CMD = "/mcp__w__weather";

describe("bindPromptArgs", () => {
  const cases: [string[], RawPrompt, ReturnType<typeof bindPromptArgs>][] = [
    [["Paris"], weather, { ok: true, args: { city: "Paris" } }],
    [["Paris", "terse"], weather, { ok: true, args: { city: "Paris", style: "terse" } }],
    [["style=terse", "city=Oslo"], weather, { ok: true, args: { city: "Oslo", style: "terse" } }],
    [["style=terse", "Oslo"], weather, { ok: true, args: { city: "Oslo", style: "terse" } }],
    // Surplus words join the last open argument, so free text needs no quotes.
    [
      ["Rome", "very", "long", "text"],
      weather,
      { ok: true, args: { city: "Rome", style: "very long text" } },
    ],
    // k=v with an undeclared key is an ordinary value.
    [["x=1"], weather, { ok: true, args: { city: "x=1" } }],
    [[], weather, { ok: false, message: `${CMD} needs city; usage: ${CMD} <city> [style]` }],
    [["style=terse"], weather, { ok: false, message: `${CMD} needs city; usage: ${CMD} <city> [style]` }],
    [[], { name: "simple" }, { ok: true, args: {} }],
    [["x"], { name: "simple" }, { ok: false, message: `${CMD} takes no arguments; usage: ${CMD}` }],
    [
      ["city=A", "style=B", "extra"],
      weather,
      { ok: false, message: `${CMD} has no argument left for "extra"; usage: ${CMD} <city> [style]` },
    ],
  ];
  it.each(cases)("%j", (words, prompt, expected) => {
    expect(bindPromptArgs(words, prompt, CMD)).toEqual(expected);
  });
});

describe("promptUsage", () => {
  it("marks required and optional arguments, with control characters removed", () => {
    expect(
      promptUsage("/p", { name: "p", arguments: [{ name: "a\x1b[31m", required: true }, { name: "b" }] }),
    ).toBe("/p <a> [b]");
  });
});
