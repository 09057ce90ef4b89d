import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attachFiles, completePath, mentionAtCursor, type ListDir } from "./file-mentions.js";

const tree: Record<string, { name: string; dir: boolean }[]> = {
  "/p": [
    { name: "src", dir: true },
    { name: "scripts", dir: true },
    { name: "README.md", dir: false },
    { name: ".git", dir: true },
  ],
  "/p/src/": [
    { name: "main.ts", dir: false },
    { name: "main.test.ts", dir: false },
  ],
};
const list: ListDir = (d) => tree[d] ?? [];

describe("@path completion", () => {
  it.each([
    ["@R", { value: "@README.md ", cursor: 11, candidates: [] }],
    ["see @s", { value: "see @s", cursor: 6, candidates: ["scripts/", "src/"] }],
    ["@sr", { value: "@src/", cursor: 5, candidates: [] }],
    ["@src/ma", { value: "@src/main.t", cursor: 11, candidates: ["src/main.test.ts", "src/main.ts"] }],
    ["@.g", { value: "@.git/", cursor: 6, candidates: [] }],
  ])("%s", (value, expected) => {
    expect(completePath(value, value.length, "/p", list)).toEqual(expected);
  });

  it("leaves resource mentions, e-mail addresses and unknown names alone", () => {
    expect(mentionAtCursor("@srv:file", 9)).toBeUndefined();
    expect(mentionAtCursor("me@src", 6)).toBeUndefined();
    expect(completePath("@zz", 3, "/p", list)).toBeUndefined();
  });
});

describe("attachFiles", () => {
  it("attaches each named file once, says so, and warns about missing ones", () => {
    const cwd = mkdtempSync(join(tmpdir(), "codeagent-attach-"));
    mkdirSync(join(cwd, "src"));
    writeFileSync(join(cwd, "src", "a.ts"), "one\ntwo\n");
    const r = attachFiles("look at @src/a.ts, and @src/a.ts again; @nope.ts @bob @srv:uri", cwd);
    expect(r).toEqual({
      message:
        'look at @src/a.ts, and @src/a.ts again; @nope.ts @bob @srv:uri\n\n<file path="src/a.ts">\none\ntwo\n</file>',
      notices: ["attached src/a.ts (2 lines)"],
      warnings: ["@nope.ts: no such file, not attached"],
    });
  });
});
