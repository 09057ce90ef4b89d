// Line diffs for people to read (the approval prompt's file diffs, §8.5; changed tool definitions, §16): hunks of
// changed lines with a little context, capped in length — but a cap never hides where a change starts: each hunk
// keeps its first lines and says how many of its lines were left out.
import { diffLines } from "diff";

export type DiffLine =
  | { kind: "add" | "del" | "same"; text: string; oldNo?: number; newNo?: number }
  /** `unchanged`: a stretch between changes; `cut`: the rest of a change past the cap. */
  | { kind: "skip"; count: number; reason: "unchanged" | "cut" };

export interface DiffView {
  lines: DiffLine[];
  added: number;
  removed: number;
}

export interface DiffViewOptions {
  /** Unchanged lines shown around each change (default 2). */
  context?: number;
  /** Lines to show in all (default 40); each hunk still shows its start. */
  maxLines?: number;
}

/** Whole lines of `text` (a final newline does not make an empty last line). */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Every line of both sides, marked added, deleted or the same, with line numbers. */
export function fullDiff(before: string, after: string): DiffLine[] {
  const out: DiffLine[] = [];
  let oldNo = 1;
  let newNo = 1;
  for (const part of diffLines(before, after)) {
    for (const text of splitLines(part.value)) {
      if (part.added) out.push({ kind: "add", text, newNo: newNo++ });
      else if (part.removed) out.push({ kind: "del", text, oldNo: oldNo++ });
      else out.push({ kind: "same", text, oldNo: oldNo++, newNo: newNo++ });
    }
  }
  return out;
}

/** The diff as hunks with context; unchanged stretches become `skip` lines; capped per DiffViewOptions. */
export function diffView(before: string, after: string, o: DiffViewOptions = {}): DiffView {
  const context = o.context ?? 2;
  const maxLines = Math.max(1, o.maxLines ?? 40);
  const all = fullDiff(before, after);
  const added = all.filter((l) => l.kind === "add").length;
  const removed = all.filter((l) => l.kind === "del").length;
  const hunks = toHunks(all, context);
  const total = hunks.reduce((n, h) => n + h.length, 0);
  const lines: DiffLine[] = [];
  // Each hunk gets an even share of the budget, and never less than its leading context plus three changed lines.
  const share = Math.max(context + 3, Math.floor(maxLines / Math.max(1, hunks.length)));
  let previousEnd = 0;
  for (const h of hunks) {
    const start = indexOf(all, h[0]);
    if (start > previousEnd) lines.push({ kind: "skip", count: start - previousEnd, reason: "unchanged" });
    previousEnd = start + h.length;
    if (total <= maxLines || h.length <= share) lines.push(...h);
    else {
      lines.push(...h.slice(0, share));
      lines.push({ kind: "skip", count: h.length - share, reason: "cut" });
    }
  }
  if (hunks.length > 0 && previousEnd < all.length)
    lines.push({ kind: "skip", count: all.length - previousEnd, reason: "unchanged" });
  return { lines, added, removed };
}

function toHunks(all: DiffLine[], context: number): DiffLine[][] {
  const changed = all.map((l) => l.kind === "add" || l.kind === "del");
  const keep = all.map((_, i) => {
    for (let j = Math.max(0, i - context); j <= Math.min(all.length - 1, i + context); j++)
      if (changed[j]) return true;
    return false;
  });
  const hunks: DiffLine[][] = [];
  let open: DiffLine[] | undefined;
  all.forEach((l, i) => {
    if (!keep[i]) {
      open = undefined;
      return;
    }
    if (open === undefined) hunks.push((open = []));
    open.push(l);
  });
  return hunks;
}

function indexOf(all: DiffLine[], line: DiffLine | undefined): number {
  return line === undefined ? 0 : all.indexOf(line);
}
