import { describe, expect, it } from "vitest";
import { parseSlash, splitArguments, substituteArguments } from "./arguments.js";

describe("substituteArguments", () => {
  it.each([
    ["$ARGUMENTS whole", "Fix issue $ARGUMENTS now", "123 high", "Fix issue 123 high now"],
    ["positional", "PR $1 priority $2 for $3", '42 high "Ann Lee"', "PR 42 priority high for Ann Lee"],
    ["missing positional is empty", "a=$1 b=$2", "x", "a=x b="],
    ["$10 is not $1", "$10", "a", "$10\n\nARGUMENTS: a"],
    ["no placeholder: appended", "Review the code.\n", "src/a.ts", "Review the code.\n\nARGUMENTS: src/a.ts"],
    ["no placeholder, no arguments: as is", "Review.\n", "", "Review.\n"],
    ["placeholder, no arguments: emptied", "Fix $ARGUMENTS.", "", "Fix ."],
  ])("%s", (_, body, args, want) => {
    expect(substituteArguments(body, args)).toBe(want);
  });
});

describe("splitArguments", () => {
  it("groups quoted words", () => {
    expect(splitArguments(`a "b c" 'd e' f`)).toEqual(["a", "b c", "d e", "f"]);
  });
});

describe("parseSlash", () => {
  it.each([
    ["/review", { name: "review", args: "" }],
    ["/fix-issue 123 high", { name: "fix-issue", args: "123 high" }],
    ["/frontend:component Button\nmore", { name: "frontend:component", args: "Button\nmore" }],
    ["/mcp__srv__pdf x", { name: "mcp__srv__pdf", args: "x" }],
    ["not a command", undefined],
    ["/path/to/file is text", undefined],
  ])("%s", (text, want) => {
    expect(parseSlash(text)).toEqual(want);
  });
});
