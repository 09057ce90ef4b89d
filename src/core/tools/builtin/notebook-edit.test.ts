import { describe, expect, it } from "vitest";
import { editNotebook, toLines } from "./notebook-edit.js";

const nb = (cells: object[], minor = 5) =>
  JSON.stringify(
    { cells, metadata: { kernelspec: { name: "python3" } }, nbformat: 4, nbformat_minor: minor },
    null,
    1,
  );
const md = { cell_type: "markdown", id: "m1", metadata: {}, source: ["# Hi"] };
const code = {
  cell_type: "code",
  id: "c1",
  metadata: { x: 1 },
  source: ["1+1"],
  outputs: [{ a: 1 }],
  execution_count: 2,
};
const cells = (r: ReturnType<typeof editNotebook>) => (r.ok ? JSON.parse(r.text).cells : r.message);

describe("editNotebook", () => {
  it("inserts after a cell id, with a fresh id and an empty code cell's fields", () => {
    const r = editNotebook(
      nb([md, code]),
      { mode: "insert", cellId: "m1", source: "x = 1\ny = 2\n" },
      () => "new1",
    );
    expect(cells(r)).toEqual([
      md,
      {
        cell_type: "code",
        id: "new1",
        metadata: {},
        source: ["x = 1\n", "y = 2\n"],
        execution_count: null,
        outputs: [],
      },
      code,
    ]);
    expect(r.ok && r.summary).toBe("inserted a code cell at index 1 (id new1).");
    expect(r.ok && r.text.endsWith("}\n")).toBe(true);
  });

  it("inserts a markdown cell at an index, without ids before nbformat 4.5", () => {
    const r = editNotebook(nb([{ cell_type: "code", metadata: {}, source: [] }], 4), {
      mode: "insert",
      cellIndex: 0,
      source: "# T",
      cellType: "markdown",
    });
    expect(cells(r)).toEqual([
      { cell_type: "markdown", metadata: {}, source: ["# T"] },
      { cell_type: "code", metadata: {}, source: [] },
    ]);
  });

  it("replaces by index, clearing the outputs and keeping the metadata", () => {
    expect(cells(editNotebook(nb([md, code]), { mode: "replace", cellIndex: 1, source: "2+2" }))).toEqual([
      md,
      {
        cell_type: "code",
        id: "c1",
        metadata: { x: 1 },
        source: ["2+2"],
        execution_count: null,
        outputs: [],
      },
    ]);
  });

  it("deletes by id", () => {
    expect(cells(editNotebook(nb([md, code]), { mode: "delete", cellId: "m1" }))).toEqual([code]);
  });

  it.each([
    [{ mode: "delete", cellId: "zz" }, 'no cell has id "zz" (ids: m1, c1)'],
    [{ mode: "delete", cellIndex: 5 }, "cell_index 5 is out of range: the notebook has 2 cells"],
    [{ mode: "replace", cellIndex: 0 }, "replace needs new_source"],
    [{ mode: "delete" }, "name the cell with cell_id or cell_index"],
  ] as const)("refuses %j", (edit, message) => {
    expect(editNotebook(nb([md, code]), edit)).toEqual({ ok: false, message });
  });

  it("refuses what is not a notebook", () => {
    expect(editNotebook("{}", { mode: "delete", cellIndex: 0 })).toEqual({
      ok: false,
      message: 'not a Jupyter notebook (no "cells" list)',
    });
    expect(editNotebook("nope", { mode: "delete", cellIndex: 0 }).ok).toBe(false);
  });

  it("splits source into nbformat lines", () => {
    expect([toLines(""), toLines("a"), toLines("a\nb"), toLines("a\n")]).toEqual([
      [],
      ["a"],
      ["a\n", "b"],
      ["a\n"],
    ]);
  });
});
