import { describe, expect, it } from "vitest";
import { diffView, fullDiff } from "./line-diff.js";

const lines = (n: number, prefix = "line") => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe("fullDiff", () => {
  it("marks each line with its old and new line numbers", () => {
    expect(fullDiff("a\nb\nc\n", "a\nB\nc\n")).toEqual([
      { kind: "same", text: "a", oldNo: 1, newNo: 1 },
      { kind: "del", text: "b", oldNo: 2 },
      { kind: "add", text: "B", newNo: 2 },
      { kind: "same", text: "c", oldNo: 3, newNo: 3 },
    ]);
  });

  it("a new file is all additions", () => {
    expect(fullDiff("", "x\ny")).toEqual([
      { kind: "add", text: "x", newNo: 1 },
      { kind: "add", text: "y", newNo: 2 },
    ]);
  });
});

describe("diffView", () => {
  it("keeps context around a change and counts the unchanged stretches left out", () => {
    const before = lines(20).join("\n");
    const after = lines(20)
      .map((l) => (l === "line 10" ? "changed 10" : l))
      .join("\n");
    expect(diffView(before, after, { context: 1 })).toEqual({
      added: 1,
      removed: 1,
      lines: [
        { kind: "skip", count: 8, reason: "unchanged" },
        { kind: "same", text: "line 9", oldNo: 9, newNo: 9 },
        { kind: "del", text: "line 10", oldNo: 10 },
        { kind: "add", text: "changed 10", newNo: 10 },
        { kind: "same", text: "line 11", oldNo: 11, newNo: 11 },
        { kind: "skip", count: 9, reason: "unchanged" },
      ],
    });
  });

  it("a cap cuts inside a change but never hides where a later change starts", () => {
    // Two changes: a 100-line insertion at the top, then a one-line edit at the end that hides `&& echo DANGER`.
    const before = [...lines(5, "keep"), "run tests"].join("\n");
    const after = [...lines(100, "added"), ...lines(5, "keep"), "run tests && echo DANGER"].join("\n");
    const view = diffView(before, after, { context: 0, maxLines: 10 });
    const shown = view.lines.map((l) =>
      l.kind === "skip" ? `[${l.reason} ${l.count}]` : `${l.kind} ${l.text}`,
    );
    expect(shown).toEqual([
      "add added 1",
      "add added 2",
      "add added 3",
      "add added 4",
      "add added 5",
      "[cut 95]",
      "[unchanged 5]",
      "del run tests",
      "add run tests && echo DANGER",
    ]);
    expect([view.added, view.removed]).toEqual([101, 1]);
  });

  it("no change, no lines", () => {
    expect(diffView("same\n", "same\n")).toEqual({ added: 0, removed: 0, lines: [] });
  });
});
