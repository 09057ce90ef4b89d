// Which rows of an elicitation form are on screen when the form is taller than the terminal: the title and
// message stay, and a window of rows around the focused one is drawn with "N more above/below" lines. Pure,
// from estimated row heights, so the decision has table tests; ElicitPrompt only renders the window.
import type { FormField } from "../../core/mcp/connection/elicitation-form.js";
import type { FormRow, FormState } from "./elicit-form-keys.js";

export interface FormWindow {
  /** First row drawn. */
  top: number;
  /** One past the last row drawn. */
  end: number;
}

/** The lines the "N more above" and "N more below" notes take when the form scrolls. */
export const MORE_LINES = 2;

/**
 * The rows to draw in `budget` lines: all when they fit; else a window holding the focused row that moves as
 * little as it can from the previous `top` (so ↓ through a form scrolls one row at a time, not by pages).
 */
export function formWindow(heights: readonly number[], focus: number, budget: number, top = 0): FormWindow {
  const n = heights.length;
  const total = heights.reduce((a, b) => a + b, 0);
  if (total <= budget) return { top: 0, end: n };
  const room = Math.max(1, budget - MORE_LINES);
  const f = Math.min(Math.max(0, focus), n - 1);
  let t = Math.min(Math.max(0, top), f);
  const span = (a: number, b: number) => heights.slice(a, b).reduce((x, y) => x + y, 0);
  while (t < f && span(t, f + 1) > room) t++;
  let end = f + 1;
  while (end < n && span(t, end + 1) <= room) end++;
  // At the bottom with room to spare: show more of what is above.
  while (end === n && t > 0 && span(t - 1, end) <= room) t--;
  return { top: t, end };
}

/** Lines a row takes at `width` columns, as ElicitPrompt draws it (label line, description, hint, error, gap). */
export function rowLines(row: FormRow, state: FormState, width: number): number {
  if (row.kind !== "field") return 1;
  const f = row.field;
  const wrapped = (chars: number) => Math.max(1, Math.ceil(chars / Math.max(1, width)));
  let lines = wrapped(2 + f.label.length + (f.required ? 2 : 0) + 2 + valueChars(f, state.draft[f.key]));
  if (f.description !== undefined) lines += wrapped(4 + f.description.length);
  const h = fieldHint(f);
  if (h !== "") lines += wrapped(4 + h.length);
  const error = state.errors[f.key];
  if (error !== undefined) lines += wrapped(6 + error.length);
  return lines + 1;
}

function valueChars(f: FormField, value: unknown): number {
  if (f.kind === "choice" || f.kind === "multi") return f.options.reduce((a, o) => a + o.label.length + 5, 0);
  return typeof value === "string" ? value.length + 1 : 9;
}

/** The field's constraints in words, so the person knows them before the check does. */
export function fieldHint(f: FormField): string {
  const parts: string[] = [];
  if (f.kind === "text") {
    if (f.format !== undefined) parts.push(f.format);
    if (f.minLength !== undefined) parts.push(`at least ${f.minLength} characters`);
    if (f.maxLength !== undefined) parts.push(`at most ${f.maxLength} characters`);
  } else if (f.kind === "number") {
    parts.push(f.integer ? "whole number" : "number");
    if (f.minimum !== undefined) parts.push(`≥ ${f.minimum}`);
    if (f.maximum !== undefined) parts.push(`≤ ${f.maximum}`);
  } else if (f.kind === "multi") {
    if (f.minItems !== undefined) parts.push(`pick at least ${f.minItems}`);
    if (f.maxItems !== undefined) parts.push(`pick at most ${f.maxItems}`);
  }
  return parts.join(" · ");
}
