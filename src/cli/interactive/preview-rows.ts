// The permission prompt's body as screen rows (§8.5), pure: a bash command wrapped whole, a file change as a
// coloured diff (capped, each change's start kept), any other call's arguments in full. Wrapping here, not in
// ink, lets the prompt scroll by rows when the body is taller than the screen.
import { diffView, type DiffLine } from "../../core/diff/line-diff.js";
import type { ApprovalPreview } from "../../core/permissions/preview.js";

export interface Row {
  text: string;
  color?: "green" | "red" | "yellow" | "cyan";
  dim?: boolean;
  bold?: boolean;
}

export interface RowOptions {
  /** Diff lines shown before "N more lines" (default 40). */
  maxDiffLines?: number;
}

/** Splits `text` into rows at most `width` characters wide (code points), keeping every character. */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(8, width);
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const chars = Array.from(line.replace(/\t/g, "  "));
    if (chars.length === 0) out.push("");
    for (let i = 0; i < chars.length; i += w) out.push(chars.slice(i, i + w).join(""));
  }
  return out;
}

export function previewRows(p: ApprovalPreview, width: number, o: RowOptions = {}): Row[] {
  switch (p.kind) {
    case "command":
      return [
        ...wrapText(p.command, width).map((text) => ({ text, bold: true })),
        ...(p.note !== undefined ? [{ text: `(${p.note})`, dim: true }] : []),
      ];
    case "args":
      return wrapText(p.text === "" ? "{}" : p.text, width).map((text) => ({ text }));
    case "diff":
      return diffRows(p, width, o);
  }
}

function diffRows(p: Extract<ApprovalPreview, { kind: "diff" }>, width: number, o: RowOptions): Row[] {
  const view = diffView(p.before, p.after, { context: 2, maxLines: o.maxDiffLines ?? 40 });
  const what = p.created ? "new file" : `+${view.added} -${view.removed}`;
  const rows: Row[] = [
    ...wrapText(p.path, width - what.length - 2).map((text, i) => ({
      text: i === 0 ? `${text}  ${what}` : text,
      bold: true,
    })),
  ];
  if (p.problem !== undefined)
    rows.push(...wrapText(p.problem, width).map((text) => ({ text, color: "yellow" as const })));
  if (view.lines.length === 0) rows.push({ text: "(no change to the text)", dim: true });
  for (const l of view.lines) rows.push(...lineRows(l, width));
  return rows;
}

function lineRows(l: DiffLine, width: number): Row[] {
  if (l.kind === "skip") {
    const lines = `line${l.count === 1 ? "" : "s"}`;
    const text = l.reason === "cut" ? `… ${l.count} more ${lines}` : `⋯ ${l.count} unchanged ${lines}`;
    return [{ text, dim: true }];
  }
  const mark = l.kind === "add" ? "+ " : l.kind === "del" ? "- " : "  ";
  const color = l.kind === "add" ? "green" : l.kind === "del" ? "red" : undefined;
  return wrapText(l.text, width - 2).map((t, i) => ({
    text: `${i === 0 ? mark : "  "}${t}`,
    ...(color !== undefined ? { color } : { dim: true }),
  }));
}
