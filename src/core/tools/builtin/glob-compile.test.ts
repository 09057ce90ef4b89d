import { describe, expect, it } from "vitest";
import { compileGlob, expandBraces } from "./glob-compile.js";

describe("compileGlob", () => {
  it.each([
    ["*.ts", "a.ts", true],
    ["*.ts", "x/a.ts", false],
    ["**/*.ts", "a.ts", true],
    ["**/*.ts", "x/y/a.ts", true],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**", "a/x/y", true],
    ["?.md", "ab.md", false],
    ["[abc].md", "b.md", true],
    ["[!abc].md", "b.md", false],
    ["{src,test}/*.ts", "test/x.ts", true],
    ["{src,test}/*.ts", "lib/x.ts", false],
    ["src/{a,b/{c,d}}/*.js", "src/b/d/x.js", true],
    ["file(1).txt", "file(1).txt", true],
    ["{unbalanced", "{unbalanced", true],
    ["**/**/**/x.ts", "a/b/x.ts", true],
  ])("%s ~ %s → %s", (glob, path, want) => {
    expect(compileGlob(glob).test(path)).toBe(want);
  });

  it("answers at once for patterns that backtrack exponentially as one regex", () => {
    // 8 repeated `**/` against a deep path that does not match: the old translation took seconds.
    const deep = `${Array.from({ length: 40 }, (_, i) => `d${i}`).join("/")}/file.txt`;
    expect(compileGlob(`${"**/".repeat(8)}*.ts`).test(deep)).toBe(false);
    expect(compileGlob(`${"**/a*/".repeat(8)}z`).test(`${"a/".repeat(40)}b`)).toBe(false);
    expect(compileGlob(`${"*a".repeat(20)}*b`).test("a".repeat(200))).toBe(false);
  });

  it("caps brace expansion", () => {
    expect(expandBraces("{a,b}{c,d}")).toEqual(["ac", "ad", "bc", "bd"]);
    expect(expandBraces("{a,b}".repeat(12)).length).toBe(256);
  });
});
