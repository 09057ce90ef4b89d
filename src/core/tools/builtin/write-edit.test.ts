import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEdit, editFileTool } from "./edit-file.js";
import { writeFileTool } from "./write-file.js";
import { call, tempProject } from "./test-project.js";

describe("write_file", () => {
  it("creates missing directories, then overwrites", async () => {
    const cwd = tempProject();
    const tool = writeFileTool({ cwd });
    expect(await call(tool, { path: "deep/er/f.txt", content: "a\nb\n" })).toEqual({
      text: "Created deep/er/f.txt (4 bytes, 2 lines).",
      isError: false,
    });
    expect(await call(tool, { path: "deep/er/f.txt", content: "c" })).toEqual({
      text: "Overwrote deep/er/f.txt (1 bytes, 1 lines).",
      isError: false,
    });
    expect(readFileSync(join(cwd, "deep/er/f.txt"), "utf8")).toBe("c");
  });

  it("refuses a directory", async () => {
    const cwd = tempProject({ "d/x": "" });
    expect(await call(writeFileTool({ cwd }), { path: "d", content: "" })).toEqual({
      text: "d is a directory; give a file path.",
      isError: true,
    });
  });
});

describe("edit_file", () => {
  it("replaces a unique string exactly, keeping $ patterns literal", async () => {
    const cwd = tempProject({ "f.ts": "const a = 1;\nconst b = 2;\n" });
    expect(
      await call(editFileTool({ cwd }), { path: "f.ts", old_string: "a = 1", new_string: "a = '$&'" }),
    ).toEqual({
      text: "Edited f.ts: replaced 1 occurrence.",
      isError: false,
    });
    expect(readFileSync(join(cwd, "f.ts"), "utf8")).toBe("const a = '$&';\nconst b = 2;\n");
  });

  it("explains a missing or ambiguous old_string and leaves the file alone", async () => {
    const cwd = tempProject({ "f.txt": "x x" });
    const tool = editFileTool({ cwd });
    const missing = await call(tool, { path: "f.txt", old_string: "y", new_string: "z" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain("old_string was not found in f.txt. Read the file again with read_file");
    expect(await call(tool, { path: "f.txt", old_string: "x", new_string: "z" })).toEqual({
      text: "old_string occurs 2 times in f.txt. Include more surrounding lines so it matches once, or set replace_all to true to change every occurrence.",
      isError: true,
    });
    expect(readFileSync(join(cwd, "f.txt"), "utf8")).toBe("x x");
    expect(await call(tool, { path: "f.txt", old_string: "x", new_string: "z", replace_all: true })).toEqual({
      text: "Edited f.txt: replaced 2 occurrences.",
      isError: false,
    });
    expect(readFileSync(join(cwd, "f.txt"), "utf8")).toBe("z z");
  });

  it("points to write_file for a missing file or empty old_string", async () => {
    const tool = editFileTool({ cwd: tempProject() });
    expect(await call(tool, { path: "new.txt", old_string: "a", new_string: "b" })).toEqual({
      text: "Cannot edit new.txt: no such file or directory. To create it, use write_file.",
      isError: true,
    });
    expect((await call(tool, { path: "new.txt", old_string: "", new_string: "b" })).text).toContain(
      "use write_file",
    );
  });

  it.each([
    ["plain", "a\nb\n", "a\nb", "A\nB", false, { ok: true, text: "A\nB\n", count: 1 }],
    [
      "CRLF file, LF old_string",
      "a\r\nb\r\n",
      "a\nb",
      "A\nB",
      false,
      { ok: true, text: "A\r\nB\r\n", count: 1 },
    ],
    ["replace all", "aXaXa", "a", "b", true, { ok: true, text: "bXbXb", count: 3 }],
    ["first of overlapping-free", "abcabc", "abc", "", true, { ok: true, text: "", count: 2 }],
  ])("applyEdit: %s", (_n, text, from, to, all, want) => {
    expect(applyEdit(text, from, to, all)).toEqual(want);
  });
});
