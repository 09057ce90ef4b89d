// notebook_edit: changes one cell of a Jupyter notebook (.ipynb) — replace its source, insert a new cell, or
// delete one — found by cell id or by index. The notebook is parsed and written back as JSON in nbformat's
// shape (source as a list of lines, code cells with outputs), so Jupyter still opens it.
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { ToolEntry } from "../types.js";
import { defineBuiltin, pathArg, errorText, fail, ok, resolvePath, type BuiltinOptions } from "./common.js";

export type EditMode = "replace" | "insert" | "delete";
export type CellType = "code" | "markdown" | "raw";

export interface NotebookEdit {
  mode: EditMode;
  cellId?: string;
  cellIndex?: number;
  source?: string;
  cellType?: CellType;
}

interface Cell {
  cell_type: string;
  id?: string;
  source: string | string[];
  metadata?: object;
  outputs?: unknown[];
  execution_count?: number | null;
  [k: string]: unknown;
}

interface Notebook {
  cells: Cell[];
  nbformat?: number;
  nbformat_minor?: number;
  [k: string]: unknown;
}

export function notebookEditTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "notebook_edit",
      description:
        "Edits a Jupyter notebook (.ipynb) cell: replace a cell's source, insert a new cell, or delete a " +
        "cell. Name the cell by cell_id (the cell's id) or cell_index (0-based). insert puts the new cell " +
        "after cell_id, or at cell_index, or at the end. Replacing a code cell clears its outputs. " +
        "Read the notebook first with read_file.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "The .ipynb file, absolute or relative to the project" },
          edit_mode: {
            type: "string",
            enum: ["replace", "insert", "delete"],
            description: "Default replace",
          },
          cell_id: { type: "string", description: "The id of the cell to change (or to insert after)" },
          cell_index: { type: "integer", minimum: 0, description: "0-based index of the cell" },
          new_source: { type: "string", description: "The cell's new source (replace and insert)" },
          cell_type: {
            type: "string",
            enum: ["code", "markdown", "raw"],
            description: "Type of an inserted cell (default code), or a new type for a replaced one",
          },
        },
        required: ["path"],
      },
      readOnly: false,
      paths: (a) => pathArg(a, "path"),
      async run(args) {
        const path = args.string("path");
        const mode = (args.optString("edit_mode") ?? "replace") as EditMode;
        if (!["replace", "insert", "delete"].includes(mode)) {
          return fail(`notebook_edit: edit_mode must be replace, insert or delete, not "${mode}".`);
        }
        const cellType = args.optString("cell_type");
        if (cellType !== undefined && !["code", "markdown", "raw"].includes(cellType)) {
          return fail(`notebook_edit: cell_type must be code, markdown or raw, not "${cellType}".`);
        }
        const cellId = args.optString("cell_id");
        const cellIndex = args.optInt("cell_index", 0);
        const source = args.optString("new_source");
        const file = resolvePath(opts.cwd, path);
        let text: string;
        try {
          text = await readFile(file, "utf8");
        } catch (e) {
          return fail(`Cannot edit ${path}: ${errorText(e)}.`);
        }
        const r = editNotebook(text, {
          mode,
          ...(cellId !== undefined && { cellId }),
          ...(cellIndex !== undefined && { cellIndex }),
          ...(source !== undefined && { source }),
          ...(cellType !== undefined && { cellType: cellType as CellType }),
        });
        if (!r.ok) return fail(`${path}: ${r.message}`);
        try {
          await writeFile(file, r.text, "utf8");
        } catch (e) {
          return fail(`Cannot write ${path}: ${errorText(e)}.`);
        }
        return ok(`${path}: ${r.summary}`);
      },
    },
    opts,
  );
}

export type NotebookResult = { ok: true; text: string; summary: string } | { ok: false; message: string };

/** Pure: the notebook's new JSON text after one edit, or why the edit cannot be made. */
export function editNotebook(text: string, e: NotebookEdit, newId = randomId): NotebookResult {
  let nb: Notebook;
  try {
    nb = JSON.parse(text) as Notebook;
  } catch (err) {
    return { ok: false, message: `not valid JSON (${errorText(err)}); is it a Jupyter notebook?` };
  }
  if (typeof nb !== "object" || nb === null || !Array.isArray(nb.cells)) {
    return { ok: false, message: 'not a Jupyter notebook (no "cells" list)' };
  }
  const cells = nb.cells;
  const find = (): number | string => {
    if (e.cellId !== undefined) {
      const i = cells.findIndex((c) => c.id === e.cellId);
      if (i !== -1) return i;
      const ids = cells.map((c) => c.id).filter((x) => typeof x === "string");
      return `no cell has id "${e.cellId}"${ids.length > 0 ? ` (ids: ${ids.slice(0, 20).join(", ")})` : " (its cells have no ids; use cell_index)"}`;
    }
    if (e.cellIndex !== undefined) {
      if (e.cellIndex < cells.length) return e.cellIndex;
      return `cell_index ${e.cellIndex} is out of range: the notebook has ${cells.length} cell${cells.length === 1 ? "" : "s"}`;
    }
    return "name the cell with cell_id or cell_index";
  };
  let summary: string;
  if (e.mode === "insert") {
    if (e.source === undefined) return { ok: false, message: "insert needs new_source" };
    let at = cells.length;
    if (e.cellId !== undefined) {
      const i = find();
      if (typeof i === "string") return { ok: false, message: i };
      at = i + 1;
    } else if (e.cellIndex !== undefined) {
      if (e.cellIndex > cells.length) {
        return { ok: false, message: `cell_index ${e.cellIndex} is past the end (${cells.length} cells)` };
      }
      at = e.cellIndex;
    }
    const cell = newCell(e.cellType ?? "code", e.source, hasIds(nb) ? newId() : undefined);
    cells.splice(at, 0, cell);
    summary = `inserted a ${cell.cell_type} cell at index ${at}${cell.id !== undefined ? ` (id ${cell.id})` : ""}.`;
  } else {
    const i = find();
    if (typeof i === "string") return { ok: false, message: i };
    const cell = cells[i]!;
    if (e.mode === "delete") {
      cells.splice(i, 1);
      summary = `deleted cell ${i}${cell.id !== undefined ? ` (id ${cell.id})` : ""}; ${cells.length} cells remain.`;
    } else {
      if (e.source === undefined) return { ok: false, message: "replace needs new_source" };
      const type = e.cellType ?? cell.cell_type;
      const replaced = { ...newCell(type, e.source, cell.id), metadata: cell.metadata ?? {} };
      // Attachments and other keys of a markdown cell stay; outputs of a code cell no longer match it.
      for (const [k, v] of Object.entries(cell)) {
        if (!(k in replaced) && k !== "outputs" && k !== "execution_count") (replaced as Cell)[k] = v;
      }
      cells[i] = replaced;
      summary = `replaced the source of cell ${i}${cell.id !== undefined ? ` (id ${cell.id})` : ""}.`;
    }
  }
  return { ok: true, text: `${JSON.stringify(nb, null, indentOf(text))}\n`, summary };
}

function newCell(type: string, source: string, id: string | undefined): Cell {
  const cell: Cell = {
    cell_type: type,
    ...(id !== undefined && { id }),
    metadata: {},
    source: toLines(source),
  };
  if (type === "code") {
    cell.execution_count = null;
    cell.outputs = [];
  }
  return cell;
}

/** nbformat keeps source as lines that end in "\n" (the last one without). */
export function toLines(source: string): string[] {
  if (source === "") return [];
  const parts = source.split("\n");
  return parts.map((l, i) => (i < parts.length - 1 ? `${l}\n` : l)).filter((l) => l !== "");
}

/** Cell ids exist from nbformat 4.5 on. */
function hasIds(nb: Notebook): boolean {
  return (nb.nbformat ?? 4) > 4 || ((nb.nbformat ?? 4) === 4 && (nb.nbformat_minor ?? 0) >= 5);
}

function indentOf(text: string): number {
  const m = /^\{\s*\n( +)"/.exec(text);
  return m?.[1]?.length ?? 1;
}

function randomId(): string {
  return randomBytes(4).toString("hex");
}
