import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMentions, type Mention } from "./mentions.js";

const m = (server: string, uri: string, start: number, end: number): Mention => ({ server, uri, start, end });

describe("parseMentions", () => {
  it.each<[string, string, Mention[]]>([
    ["at the start", "@fs:file:///a.txt", [m("fs", "file:///a.txt", 0, 17)]],
    ["after a space", "see @fs:notes", [m("fs", "notes", 4, 13)]],
    ["after a newline", "hi\n@fs:x", [m("fs", "x", 3, 8)]],
    ["after a tab", "\t@fs:x", [m("fs", "x", 1, 6)]],
    ["several", "@a:1 and @b-2_c:two", [m("a", "1", 0, 4), m("b-2_c", "two", 9, 19)]],
    ["quoted with spaces", 'read @fs:"my file.txt" now', [m("fs", "my file.txt", 5, 22)]],
    ["quoted with an escaped quote", String.raw`@fs:"say \"hi\".txt"`, [m("fs", 'say "hi".txt', 0, 20)]],
    ["quoted with an escaped backslash", String.raw`@fs:"C:\dir\\"`, [m("fs", "C:\\dir\\", 0, 14)]],
    ["quoted punctuation is kept", '@fs:"end."', [m("fs", "end.", 0, 10)]],
    ["trailing full stop", "Look at @fs:readme.md.", [m("fs", "readme.md", 8, 21)]],
    ["trailing comma", "@fs:a, @fs:b", [m("fs", "a", 0, 5), m("fs", "b", 7, 12)]],
    [
      "trailing ? ! ; :",
      "@s:a? @s:b! @s:c; @s:d:",
      [m("s", "a", 0, 4), m("s", "b", 6, 10), m("s", "c", 12, 16), m("s", "d", 18, 22)],
    ],
    ["only one trailing mark goes", "@fs:a..", [m("fs", "a.", 0, 6)]],
    ["inner dots stay", "@fs:a.b.c", [m("fs", "a.b.c", 0, 9)]],
    ["unbalanced ) goes", "(see @fs:x)", [m("fs", "x", 5, 10)]],
    ["balanced ) stays", "@fs:file(1)", [m("fs", "file(1)", 0, 11)]],
    ["URIs with colons and queries", "@db:postgres://h/db?x=1#f", [m("db", "postgres://h/db?x=1#f", 0, 25)]],
    ["e-mail is not a mention", "mail bob@example.com or bob@fs:x", []],
    ["nothing after the colon", "@fs: and @fs:", []],
    ["only punctuation after the colon", "@fs:.", []],
    ["empty quotes", '@fs:""', []],
    ["unclosed quote", '@fs:"open', []],
    ["no colon", "@fs and @", []],
    ["no server name", "@:x", []],
    ["bad server characters", "@f.s:x @f/s:y", []],
    ["after punctuation is not a mention", "(@fs:x) ,@fs:y", []],
    ["a mention inside a mention's URI is not separate", "@a:x@b:y", [m("a", "x@b:y", 0, 8)]],
    ["unicode around", "é @fs:ü ✓", [m("fs", "ü", 2, 7)]],
  ])("%s", (_name, input, expected) => {
    expect(parseMentions(input)).toEqual(expected);
  });

  it("never throws, and every mention's slice starts with @ and contains server and uri", () => {
    const piece = fc.constantFrom(
      "@",
      ":",
      '"',
      "\\",
      " ",
      "\n",
      ".",
      ")",
      "(",
      "a",
      "fs",
      "-",
      "_",
      "x/y",
      "é",
    );
    const input = fc.oneof(
      fc.string(),
      fc.array(piece).map((a) => a.join("")),
    );
    fc.assert(
      fc.property(input, (s) => {
        const mentions = parseMentions(s);
        let last = -1;
        for (const x of mentions) {
          const slice = s.slice(x.start, x.end);
          expect(slice.startsWith(`@${x.server}:`)).toBe(true);
          expect(x.uri).not.toEqual("");
          expect(x.start === 0 || /\s/.test(s.charAt(x.start - 1))).toBe(true);
          expect(x.start).toBeGreaterThan(last);
          last = x.end - 1;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
