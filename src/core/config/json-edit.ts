// Minimal textual edits of a JSONC document (set or delete one member of an object), so that `mcp add`
// and `mcp remove` keep the user's comments, key order, indentation and line endings.
import type { JsonObjectNode } from "./parse-json.js";

interface Edit {
  start: number;
  end: number;
  insert: string;
}

/** Sets `key` in `obj` (replacing the value of the last member with that key, or appending a member). */
export function setMember(text: string, obj: JsonObjectNode, key: string, value: unknown): string {
  const style = detectStyle(text);
  const existing = obj.members.findLast((m) => m.key === key);
  if (existing !== undefined) {
    const serialized = serialize(value, lineIndent(text, existing.keyStart), style);
    return applyEdits(text, [{ start: existing.value.start, end: existing.value.end, insert: serialized }]);
  }
  const first = obj.members[0];
  const indent =
    first !== undefined &&
    lineIndent(text, first.keyStart) === text.slice(lineStart(text, first.keyStart), first.keyStart)
      ? lineIndent(text, first.keyStart)
      : lineIndent(text, obj.start) + style.unit;
  const member = `${JSON.stringify(key)}: ${serialize(value, indent, style)}`;
  const last = obj.members.at(-1);
  if (last === undefined) {
    const inner = text.slice(obj.start + 1, obj.end - 1);
    const closing = inner.trim() === "" ? `${style.eol}${lineIndent(text, obj.start)}` : "";
    const end = inner.trim() === "" ? obj.end - 1 : obj.start + 1;
    return applyEdits(text, [
      { start: obj.start + 1, end, insert: `${style.eol}${indent}${member}${closing}` },
    ]);
  }
  const next = skipTrivia(text, last.value.end);
  if (text[next] === ",") {
    // A trailing comma (JSONC): keep that style for the new last member.
    const at = endOfLine(text, next + 1) ?? next + 1;
    return applyEdits(text, [{ start: at, end: at, insert: `${style.eol}${indent}${member},` }]);
  }
  const at = endOfLine(text, last.value.end) ?? last.value.end;
  return applyEdits(text, [
    { start: last.value.end, end: last.value.end, insert: "," },
    { start: at, end: at, insert: `${style.eol}${indent}${member}` },
  ]);
}

/**
 * Deletes the last member named `key` from `obj` (with its line when it has one to itself); unchanged text
 * when there is none. Callers re-parse and call again for duplicate keys.
 */
export function deleteMember(text: string, obj: JsonObjectNode, key: string): string {
  const i = obj.members.findLastIndex((m) => m.key === key);
  const m = obj.members[i];
  if (m === undefined) return text;
  const alone = obj.members.length === 1;
  if (
    alone &&
    text.slice(obj.start + 1, m.keyStart).trim() === "" &&
    text.slice(m.value.end, obj.end - 1).trim() === ""
  )
    return applyEdits(text, [{ start: obj.start, end: obj.end, insert: "{}" }]);
  const edits: Edit[] = [];
  let start = m.keyStart;
  let end = m.value.end;
  const next = skipTrivia(text, end);
  if (text[next] === ",") end = next + 1;
  else {
    const prev = obj.members[i - 1];
    if (prev !== undefined) {
      const comma = skipTrivia(text, prev.value.end);
      if (text[comma] === ",") edits.push({ start: comma, end: comma + 1, insert: "" });
    }
  }
  const ownLine = text.slice(lineStart(text, start), start).trim() === "";
  const eol = ownLine ? endOfLine(text, end) : undefined;
  if (ownLine && eol !== undefined) {
    start = lineStart(text, start);
    end = eol + (text.startsWith("\r\n", eol) ? 2 : eol < text.length ? 1 : 0);
  } else {
    if (text[end - 1] === ",") while (text[end] === " " || text[end] === "\t") end++;
    else if (!ownLine) while (start > 0 && (text[start - 1] === " " || text[start - 1] === "\t")) start--;
  }
  edits.push({ start, end, insert: "" });
  return applyEdits(text, edits);
}

/** Applies non-overlapping edits; of two insertions at one offset, the one listed first ends up first. */
function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i);
  for (const { e } of order) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

interface Style {
  unit: string;
  eol: string;
}

function detectStyle(text: string): Style {
  const indented = /\n([ \t]+)\S/.exec(text)?.[1];
  return { unit: indented ?? "  ", eol: text.includes("\r\n") ? "\r\n" : "\n" };
}

function serialize(value: unknown, indent: string, style: Style): string {
  return JSON.stringify(value, null, style.unit).replace(/\n/g, style.eol + indent);
}

function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== "\n" && text[i - 1] !== "\r") i--;
  return i;
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))?.[0] ?? "";
}

/** Index of the next character that is neither whitespace nor part of a comment. */
function skipTrivia(text: string, from: number): number {
  let i = from;
  for (;;) {
    if (/\s/.test(text[i] ?? "")) i++;
    else if (text.startsWith("//", i)) while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    else if (text.startsWith("/*", i)) i = closeOfComment(text, i);
    else return i;
  }
}

/** If only spaces and comments follow `from` on its line, the offset of the line break (or end of text). */
function endOfLine(text: string, from: number): number | undefined {
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === undefined || c === "\n" || c === "\r") return i;
    if (c === " " || c === "\t") i++;
    else if (text.startsWith("//", i)) while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    else if (text.startsWith("/*", i) && !/[\r\n]/.test(text.slice(i, closeOfComment(text, i))))
      i = closeOfComment(text, i);
    else return undefined;
  }
}

function closeOfComment(text: string, open: number): number {
  const close = text.indexOf("*/", open + 2);
  return close === -1 ? text.length : close + 2;
}
