import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stripControl, stripControlLine } from "./strip.js";

/** Characters that must never survive: C0 but \t \n, DEL, C1, bidi embeddings/overrides/isolates. */
function forbidden(s: string): string[] {
  return [...s].filter((ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return (
      (c < 0x20 && c !== 0x09 && c !== 0x0a) ||
      (c >= 0x7f && c <= 0x9f) ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069)
    );
  });
}

describe("stripControl", () => {
  it.each<[string, string, string]>([
    ["plain text", "hello world", "hello world"],
    ["keeps \\n and \\t", "a\tb\nc", "a\tb\nc"],
    ["keeps Unicode text", "héllo 世界 👩‍💻 العربية ✓", "héllo 世界 👩‍💻 العربية ✓"],
    ["SGR colours", "\x1b[31mred\x1b[0m \x1b[1;38;5;208mbold\x1b[m", "red bold"],
    ["cursor movement and erase", "a\x1b[2J\x1b[10;20Hb\x1b[?25l", "ab"],
    ["8-bit CSI", "a\u009b31mb", "ab"],
    ["OSC title ended by BEL", "\x1b]0;pwned\x07text", "text"],
    ["OSC title ended by ST", "\x1b]2;pwned\x1b\\text", "text"],
    [
      "OSC 8 hyperlink keeps its visible text",
      "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
      "click",
    ],
    ["DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"],
    ["APC / PM / SOS", "a\x1b_x\x1b\\b\x1b^y\x1b\\c\x1bXz\x1b\\d", "abcd"],
    ["single-character ESC sequences", "a\x1bcb\x1b7c\x1b8d\x1b(Be\x1b=f", "abcdef"],
    ["unterminated OSC loses only the introducer", "\x1b]0;title", "0;title"],
    ["lone ESC", "a\x1b", "a"],
    ["CRLF becomes LF", "a\r\nb\r\n", "a\nb\n"],
    ["lone CR (overwrite trick) removed", "safe\rEVIL", "safeEVIL"],
    ["CR CR LF", "a\r\r\nb", "a\nb"],
    ["NUL, BEL, backspace, VT, FF, DEL", "a\x00b\x07c\x08d\x0be\x0cf\x7fg", "abcdefg"],
    ["C1 controls", "a\u0085b\u009dc\u009fd", "abcd"],
    [
      "bidi overrides and isolates",
      "a\u202ab\u202bc\u202cd\u202de\u202ef\u2066g\u2067h\u2068i\u2069j",
      "abcdefghij",
    ],
    ["zero-width joiner and marks are text", "a\u200db\u200ec", "a\u200db\u200ec"],
  ])("%s", (_name, input, expected) => {
    expect(stripControl(input)).toEqual(expected);
  });

  it("skips the passes only for text they would leave alone: the same result as always making them", () => {
    /* eslint-disable no-control-regex -- the reference passes match control characters */
    const passes = (t: string) =>
      t
        .replace(
          /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x80-\x9f]*(?:\x07|\x1b\\|\x9c)|\x1b[\x20-\x2f]*[\x30-\x7e]/g,
          "",
        )
        .replace(/\r\n/g, "\n")
        .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g, "");
    /* eslint-enable no-control-regex */
    const chars = fc.constantFrom(..."ab \t\n\r\x1b[]0;m\x07\\\x9b\x9d\x85\u202e\u2066é世");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), (cs) => {
        const t = cs.join("");
        expect(stripControl(t)).toBe(passes(t));
      }),
      { numRuns: 2000 },
    );
  });

  it.each<[string, string, string]>([
    ["ESC introducers", "\x1b]".repeat(200_000) + "x".repeat(600_000), "x".repeat(600_000)],
    ["8-bit OSC introducers", "\u009d".repeat(300_000) + "y", "y"],
    [
      "an unterminated OSC before a long line",
      "\x1b]8;;" + "z".repeat(1_000_000),
      "8;;" + "z".repeat(1_000_000),
    ],
  ])("copes with 1 MB of %s", (_name, input, expected) => {
    expect(stripControl(input)).toEqual(expected);
  });

  it("never leaves ESC, C0 (but \\n \\t), C1, DEL or bidi controls, and is idempotent", () => {
    const interesting = fc.constantFrom(
      "\x1b",
      "[",
      "]",
      "\\",
      "\x07",
      "\r",
      "\n",
      "\t",
      "\u009b",
      "\u009c",
      "\u202e",
      "P",
      "0",
      ";",
      "m",
      "a",
      "é",
    );
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.array(interesting).map((a) => a.join("")),
      fc.array(fc.oneof(interesting, fc.string({ unit: "grapheme" }))).map((a) => a.join("")),
    );
    fc.assert(
      fc.property(text, (s) => {
        const out = stripControl(s);
        expect(forbidden(out)).toEqual([]);
        expect(stripControl(out)).toEqual(out);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("stripControlLine", () => {
  it.each<[string, string]>([
    ["a\nb\tc", "a b c"],
    ["a\r\n\n\tb", "a b"],
    ["\x1b[31mx\x1b[0m", "x"],
  ])("%j → %j", (input, expected) => {
    expect(stripControlLine(input)).toEqual(expected);
  });
});
