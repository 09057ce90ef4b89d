import { describe, expect, it } from "vitest";
import { cut, printable } from "./printable.js";

describe("printable", () => {
  it.each([
    ["\u001b[31mred\u001b[0m\u0007 text", 200, "red text"],
    ["x".repeat(300), 10, `${"x".repeat(9)}…`],
    // The bidi overrides the old stderr stripper let through: a line must read as it is stored.
    ["\u202eevil\u2066 name\u2069", 200, "evil name"],
    ["two\nlines\t and\r\n  more", 200, "two lines and more"],
    ["\u001b]0;pwned\u0007title", 200, "title"],
    ["   ", 200, ""],
  ])("printable(%j, %d) → %j", (input, max, expected) => {
    expect(printable(input, max)).toEqual(expected);
  });
});

describe("cut", () => {
  it.each([
    ["abc", 3, "abc"],
    ["abcd", 3, "ab…"],
    ["", 0, ""],
  ])("cut(%j, %d) → %j", (input, max, expected) => {
    expect(cut(input, max)).toEqual(expected);
  });
});
