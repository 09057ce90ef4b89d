// Description text from a server is untrusted and goes to the model and the terminal: strip escapes and
// control characters, cap the length, and keep our own notes ("(… cut)") visible when cutting.
import { cut as cutText } from "../text/printable.js";
import { stripControl } from "../text/strip.js";

/** Cleaned text, or `undefined` for non-strings and text that is empty once cleaned. */
export function cleanText(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const s = stripControl(v).trim();
  return s === "" ? undefined : s;
}

/**
 * `base` followed by `notes`, within `max` units. The notes are ours and short, so `base` is cut first
 * to leave them room; only when the notes alone fill `max` is everything cut together.
 */
export function describe(
  base: string | undefined,
  notes: readonly string[],
  max: number,
): string | undefined {
  const text = compose(base, notes, max);
  return text === "" ? undefined : text;
}

function compose(base: string | undefined, notes: readonly string[], max: number): string | undefined {
  const tail = notes.filter((n) => n !== "").join(" ");
  if (tail === "") return base === undefined ? undefined : cutText(base, max);
  if (base === undefined) return cutText(tail, max);
  const room = max - tail.length - 1;
  if (room < 2) return cutText(`${base} ${tail}`, max);
  return `${cutText(base, room)} ${tail}`;
}
