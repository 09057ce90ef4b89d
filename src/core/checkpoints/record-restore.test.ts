// Recording and restoring with the real built-in tools on real files: the paths a step's calls will write,
// the contents before (text, bytes, "did not exist"), and a restore that puts them back.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinTools } from "../tools/builtin/index.js";
import type { FileCheckpoint } from "../session/records.js";
import { applyRestore } from "./apply.js";
import { restoreTargets } from "./plan.js";
import { pathsToRecord, readBefore, recordBefore } from "./snapshot.js";

function project() {
  const cwd = mkdtempSync(join(tmpdir(), "codeagent-cp-"));
  const tools = new Map(builtinTools({ cwd }).map((t) => [t.name, t]));
  return { cwd, lookup: (n: string) => tools.get(n), tools };
}

describe("pathsToRecord", () => {
  it("names the files of write_file, edit_file, multi_edit and notebook_edit, not of bash or reads", () => {
    const { cwd, lookup } = project();
    expect(
      pathsToRecord(
        [
          { name: "write_file", args: { path: "a.txt", content: "x" } },
          { name: "edit_file", args: { path: "sub/b.txt", old_string: "a", new_string: "b" } },
          { name: "multi_edit", args: { path: "a.txt", edits: [] } },
          { name: "notebook_edit", args: { path: "n.ipynb", cell: 0, new_source: "" } },
          { name: "read_file", args: { path: "r.txt" } },
          { name: "bash", args: { command: "echo > c.txt" } },
          { name: "no_such_tool", args: { path: "d.txt" } },
          { name: "write_file", args: "not an object" },
        ],
        lookup,
      ),
    ).toEqual([join(cwd, "a.txt"), join(cwd, "sub/b.txt"), join(cwd, "n.ipynb")]);
  });
});

describe("readBefore", () => {
  it("keeps text as text, other bytes as base64, and says when the file did not exist", () => {
    const { cwd } = project();
    writeFileSync(join(cwd, "t.txt"), "héllo\n");
    writeFileSync(join(cwd, "b.bin"), Buffer.from([0xff, 0x00, 0xfe]));
    mkdirSync(join(cwd, "dir"));
    expect(readBefore(join(cwd, "t.txt"))).toEqual({ path: join(cwd, "t.txt"), before: "héllo\n" });
    expect(readBefore(join(cwd, "b.bin"))).toEqual({
      path: join(cwd, "b.bin"),
      before: "/wD+",
      encoding: "base64",
    });
    expect(readBefore(join(cwd, "none"))).toEqual({ path: join(cwd, "none"), before: null });
    expect(readBefore(join(cwd, "dir"))).toBeUndefined();
    expect(readBefore(join(cwd, "t.txt"), 3)).toBeUndefined();
  });
});

describe("record, change with the tools, restore", () => {
  it("puts every file back as it was before the turn, and removes the ones the turn created", async () => {
    const { cwd, lookup, tools } = project();
    writeFileSync(join(cwd, "keep.txt"), "original\n");
    writeFileSync(join(cwd, "same.txt"), "same\n");
    const recorded: FileCheckpoint[] = [];
    const seen = new Set<string>();
    const step = [
      { name: "edit_file", args: { path: "keep.txt", old_string: "original", new_string: "edited" } },
      { name: "write_file", args: { path: "new/made.txt", content: "new\n" } },
      { name: "write_file", args: { path: "same.txt", content: "same\n" } },
    ];
    recordBefore(step, lookup, seen, (c) => recorded.push({ turn: 0, ...c }));
    for (const c of step) {
      const r = await tools.get(c.name)!.execute(c.args, { supportsMedia: false });
      expect(r.isError).toBe(false);
    }
    // A second step of the same turn changes keep.txt again: its first content stays the one recorded.
    const again = [{ name: "write_file", args: { path: "keep.txt", content: "third\n" } }];
    recordBefore(again, lookup, seen, (c) => recorded.push({ turn: 0, ...c }));
    await tools.get("write_file")!.execute(again[0]!.args, { supportsMedia: false });
    expect(recorded.map((c) => c.path)).toEqual([
      join(cwd, "keep.txt"),
      join(cwd, "new/made.txt"),
      join(cwd, "same.txt"),
    ]);

    const report = applyRestore(restoreTargets(recorded, 0));
    expect(report).toEqual({
      restored: [join(cwd, "keep.txt")],
      removed: [join(cwd, "new/made.txt")],
      unchanged: [join(cwd, "same.txt")],
      failed: [],
    });
    expect(readFileSync(join(cwd, "keep.txt"), "utf8")).toBe("original\n");
    expect(existsSync(join(cwd, "new/made.txt"))).toBe(false);
  });

  it("a file that cannot be written is reported, and the others are still restored", () => {
    const { cwd } = project();
    // A path under a regular file: no user, root included, can create it.
    writeFileSync(join(cwd, "plain"), "x");
    writeFileSync(join(cwd, "free.txt"), "now\n");
    const report = applyRestore([
      { path: join(cwd, "plain/f.txt"), content: Buffer.from("then\n") },
      { path: join(cwd, "free.txt"), content: Buffer.from("then\n") },
    ]);
    expect(report.failed).toEqual([
      { path: join(cwd, "plain/f.txt"), error: expect.stringContaining("ENOTDIR") },
    ]);
    expect(report.restored).toEqual([join(cwd, "free.txt")]);
    expect(readFileSync(join(cwd, "free.txt"), "utf8")).toBe("then\n");
  });
});
