import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEdits, multiEditTool } from "./multi-edit.js";
import { call, tempProject } from "./test-project.js";

describe("applyEdits", () => {
  it.each([
    [
      "in order, each on the previous result",
      "a b",
      [
        ["a", "x"],
        ["x b", "y"],
      ],
      { ok: true, text: "y", counts: [1, 1] },
    ],
    [
      "replace_all counts every occurrence",
      "a a a",
      [["a", "b", true]],
      { ok: true, text: "b b b", counts: [3] },
    ],
    [
      "a missing string names the edit",
      "a",
      [
        ["a", "b"],
        ["zz", "c"],
      ],
      {
        ok: false,
        message:
          "Edit 2 of 2 failed, so no edit was made: old_string was not found in {path}. Read the file again with " +
          "read_file and copy the exact text (same whitespace and indentation, without the line-number prefix). " +
          "(edits apply in order, so it must match the text after the earlier edits)",
      },
    ],
    [
      "an ambiguous string names the edit",
      "a a",
      [["a", "b"]],
      {
        ok: false,
        message:
          "Edit 1 of 1 failed, so no edit was made: old_string occurs 2 times in {path}. Include more surrounding " +
          "lines so it matches once, or set replace_all to true to change every occurrence.",
      },
    ],
    [
      "an empty old_string",
      "a",
      [["", "b"]],
      { ok: false, message: "Edit 1 of 1 failed, so no edit was made: old_string is empty." },
    ],
  ] as const)("%s", (_, text, edits, expected) => {
    const list = edits.map(([o, n, all]) => ({
      old_string: o,
      new_string: n,
      ...(all === true && { replace_all: true }),
    }));
    expect(applyEdits(text, list)).toEqual(expected);
  });
});

describe("multi_edit", () => {
  it("writes nothing when one edit fails", async () => {
    const cwd = tempProject({ "f.txt": "one two\n" });
    const r = await call(multiEditTool({ cwd }), {
      path: "f.txt",
      edits: [
        { old_string: "one", new_string: "1" },
        { old_string: "three", new_string: "3" },
      ],
    });
    expect(r.isError).toBe(true);
    expect(readFileSync(join(cwd, "f.txt"), "utf8")).toBe("one two\n");
  });

  it("accepts edits sent as a JSON string and rejects a malformed edit by position", async () => {
    const cwd = tempProject({ "f.txt": "one\n" });
    const tool = multiEditTool({ cwd });
    expect(
      await call(tool, { path: "f.txt", edits: JSON.stringify([{ old_string: "one", new_string: "1" }]) }),
    ).toEqual({
      text: "Edited f.txt: applied 1 edit (1 replacement).",
      isError: false,
    });
    expect(await call(tool, { path: "f.txt", edits: [{ old_string: "1" }] })).toEqual({
      text: 'multi_edit: edit 1 of 1 needs "old_string" and "new_string" as strings',
      isError: true,
    });
    expect(await call(tool, { path: "f.txt", edits: [] })).toEqual({
      text: 'multi_edit: "edits" is required: a non-empty array of {old_string, new_string}',
      isError: true,
    });
  });
});
