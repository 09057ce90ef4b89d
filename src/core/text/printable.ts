// Server text shown in one place of a line (a table cell, a log line, an error's stderr tail): control
// sequences removed, whitespace folded, cut to a width. The one helper for "make it printable".
import { stripControlLine } from "./strip.js";

/** Cuts to at most `max` UTF-16 units, ending with "…" when cut, never splitting a surrogate pair. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  if (max <= 0) return "";
  let head = s.slice(0, max - 1);
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return `${head}…`;
}

/** One line of server text: escapes and controls gone, newlines and runs of whitespace as one space, cut. */
export function printable(text: string, max = 200): string {
  return cut(stripControlLine(text).replace(/\s+/g, " ").trim(), max);
}
