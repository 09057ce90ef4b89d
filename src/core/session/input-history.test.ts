import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HISTORY_FILE_LINES, HISTORY_PER_PROJECT, InputHistory } from "./input-history.js";

const file = () => join(mkdtempSync(join(tmpdir(), "codeagent-history-")), "history.jsonl");

describe("InputHistory", () => {
  it("keeps each project's entries apart, skips repeats and unreadable lines", () => {
    const f = file();
    new InputHistory(f, "/a").add("one");
    new InputHistory(f, "/a").add("one");
    new InputHistory(f, "/b").add("other");
    writeFileSync(f, `${readFileSync(f, "utf8")}not json\n`);
    new InputHistory(f, "/a").add("two");
    new InputHistory(f, "/a").add("   ");
    expect(new InputHistory(f, "/a").load()).toEqual(["one", "two"]);
    expect(new InputHistory(f, "/b").load()).toEqual(["other"]);
  });

  it("is bounded: a project gets its newest entries, and a long file is cut back to its newest lines", () => {
    const f = file();
    const n = 2 * HISTORY_FILE_LINES + 10;
    const lines = Array.from({ length: n }, (_, i) =>
      JSON.stringify({ cwd: "/a", text: `e${i}`, time: "t" }),
    );
    writeFileSync(f, `${lines.join("\n")}\n`);
    const got = new InputHistory(f, "/a").load();
    expect([got.length, got.at(-1)]).toEqual([HISTORY_PER_PROJECT, `e${n - 1}`]);
    const kept = readFileSync(f, "utf8").trim().split("\n");
    expect([kept.length, kept[0]]).toEqual([HISTORY_FILE_LINES, lines[n - HISTORY_FILE_LINES]]);
  });
});
