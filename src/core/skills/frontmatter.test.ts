import { describe, expect, it } from "vitest";
import { quoteLooseValues, readFrontmatter } from "./frontmatter.js";

describe("readFrontmatter", () => {
  it.each([
    [
      "a plain skill",
      "---\nname: pdf\ndescription: Fill PDF forms\n---\n# PDF\nbody\n",
      { ok: true, frontmatter: { name: "pdf", description: "Fill PDF forms" }, body: "# PDF\nbody\n" },
    ],
    [
      "CRLF and a byte order mark",
      "\ufeff---\r\nname: a\r\ndescription: b\r\n---\r\nx\r\n",
      { ok: true, frontmatter: { name: "a", description: "b" }, body: "x\n" },
    ],
    [
      "YAML 1.2 core schema: yes/on stay strings, dates stay strings",
      "---\nname: a\ndescription: yes\nwhen: 2024-01-01\nx: on\n---\n",
      { ok: true, frontmatter: { name: "a", description: "yes", when: "2024-01-01", x: "on" }, body: "" },
    ],
    [
      "block scalars and lists",
      "---\nname: a\ndescription: >\n  folded\n  text\nallowed-tools:\n  - Read\n  - Bash(git:*)\n---\nb",
      {
        ok: true,
        frontmatter: { name: "a", description: "folded text\n", "allowed-tools": ["Read", "Bash(git:*)"] },
        body: "b",
      },
    ],
    [
      "Claude Code's unquoted argument-hint, read leniently",
      "---\nargument-hint: [pr-number] [priority]\ndescription: Review: a PR\n---\nReview $1",
      {
        ok: true,
        frontmatter: { "argument-hint": "[pr-number] [priority]", description: "Review: a PR" },
        body: "Review $1",
        note: 'frontmatter read leniently: quote values holding ": " or starting with "["',
      },
    ],
  ])("%s", (_, text, want) => {
    expect(readFrontmatter(text, { required: true })).toEqual(want);
  });

  it("reports broken YAML with the file's line", () => {
    expect(readFrontmatter('---\nname: a\ndescription: "unclosed\n---\n', { required: true })).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^frontmatter is not valid YAML \(line 4\): Missing closing "quote/,
      ) as unknown,
    });
  });

  it("refuses duplicate keys", () => {
    const r = readFrontmatter("---\nname: a\nname: b\n---\n", { required: true });
    expect(r.ok).toBe(false);
  });

  it("a SKILL.md needs frontmatter; a command file may be all body", () => {
    expect(readFrontmatter("# Just text", { required: true })).toEqual({
      ok: false,
      reason: 'no frontmatter: the file must begin with a "---" line',
    });
    expect(readFrontmatter("Review $ARGUMENTS", { required: false })).toEqual({
      ok: true,
      frontmatter: {},
      body: "Review $ARGUMENTS",
    });
  });

  it("a frontmatter that is not a mapping is invalid", () => {
    expect(readFrontmatter("---\n- a\n- b\n---\n", { required: true }).ok).toBe(false);
  });
});

describe("quoteLooseValues", () => {
  it.each([
    ["argument-hint: [a] [b]", 'argument-hint: "[a] [b]"'],
    ["argument-hint: [a]", "argument-hint: [a]"],
    ["description: Fix: it", 'description: "Fix: it"'],
    ['description: "Fix: it"', 'description: "Fix: it"'],
    ["description: plain", "description: plain"],
    ["  nested: a: b", "  nested: a: b"],
  ])("%s", (line, want) => {
    expect(quoteLooseValues(line)).toBe(want);
  });
});
