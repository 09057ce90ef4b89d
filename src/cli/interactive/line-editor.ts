// Line editing as a pure function of (state, key): typing, paste, cursor moves, deletion, history.
// The Input component only renders the state; this file holds every decision, so it is table-tested.
import type { Key } from "ink";

export interface EditorState {
  value: string;
  /** Cursor position in UTF-16 units, 0..value.length. */
  cursor: number;
  /** Index into history while browsing it; history.length means "the line being typed". */
  historyIndex: number;
  /** What was being typed before browsing history began. */
  draft: string;
}

export type EditResult = { state: EditorState; submit?: string };

export const emptyEditor = (historyLength = 0): EditorState => ({
  value: "",
  cursor: 0,
  historyIndex: historyLength,
  draft: "",
});

type KeyLike = Partial<Key>;

export function edit(s: EditorState, input: string, key: KeyLike, history: readonly string[]): EditResult {
  if (key.return === true) return submit(s, history);
  if (key.upArrow === true) return { state: browse(s, -1, history) };
  if (key.downArrow === true) return { state: browse(s, +1, history) };
  if (key.leftArrow === true)
    return { state: move(s, key.ctrl === true || key.meta === true ? wordLeft(s) : s.cursor - 1) };
  if (key.rightArrow === true)
    return { state: move(s, key.ctrl === true || key.meta === true ? wordRight(s) : s.cursor + 1) };
  if (key.home === true) return { state: move(s, 0) };
  if (key.end === true) return { state: move(s, s.value.length) };
  // Terminals send DEL (0x7f) for Backspace, which ink reports as `delete`; both erase to the left.
  if (key.backspace === true || key.delete === true) {
    return {
      state: key.meta === true ? removeRange(s, wordLeft(s), s.cursor) : removeRange(s, prev(s), s.cursor),
    };
  }
  if (key.ctrl === true) return { state: ctrlKey(s, input) };
  if (key.escape === true || key.tab === true || key.meta === true || input === "") return { state: s };
  return typed(s, input, history);
}

function ctrlKey(s: EditorState, input: string): EditorState {
  switch (input) {
    case "a":
      return move(s, 0);
    case "e":
      return move(s, s.value.length);
    case "b":
      return move(s, s.cursor - 1);
    case "f":
      return move(s, s.cursor + 1);
    case "u":
      return removeRange(s, 0, s.cursor);
    case "k":
      return removeRange(s, s.cursor, s.value.length);
    case "w":
      return removeRange(s, wordLeft(s), s.cursor);
    default:
      return s;
  }
}

/** Typed or pasted text. A paste that ends in a line break submits; inner line breaks stay in the text. */
function typed(s: EditorState, input: string, history: readonly string[]): EditResult {
  const text = input.replace(/\r\n?/g, "\n");
  const ends = text.length > 1 && text.endsWith("\n");
  const body = ends ? text.slice(0, -1) : text;
  const next = insert(s, body.replace(/\t/g, "  "));
  return ends ? submit(next, history) : { state: next };
}

function submit(s: EditorState, history: readonly string[]): EditResult {
  return { state: emptyEditor(withEntry(history, s.value).length), submit: s.value };
}

/** History after submitting `line`: blank lines and immediate repeats are not recorded. */
export function withEntry(history: readonly string[], line: string): readonly string[] {
  return line.trim() === "" || history.at(-1) === line ? history : [...history, line];
}

/** Tab completion of a slash command: the longest common prefix of the candidates that extend `value`. */
export function complete(value: string, candidates: readonly string[]): string | undefined {
  if (!value.startsWith("/")) return undefined;
  const hits = candidates.filter((c) => c.startsWith(value) && c !== value);
  if (hits.length === 0) return undefined;
  let prefix = hits[0] ?? "";
  for (const h of hits) while (!h.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.length > value.length ? prefix : undefined;
}

function insert(s: EditorState, text: string): EditorState {
  const value = s.value.slice(0, s.cursor) + text + s.value.slice(s.cursor);
  return { ...s, value, cursor: s.cursor + text.length };
}

function removeRange(s: EditorState, from: number, to: number): EditorState {
  if (from >= to) return s;
  return { ...s, value: s.value.slice(0, from) + s.value.slice(to), cursor: from };
}

function move(s: EditorState, to: number): EditorState {
  let c = Math.max(0, Math.min(s.value.length, to));
  // Never stop between the two halves of a surrogate pair.
  if (c > 0 && c < s.value.length && /[\udc00-\udfff]/.test(s.value.charAt(c))) c += c > s.cursor ? 1 : -1;
  return c === s.cursor ? s : { ...s, cursor: c };
}

function prev(s: EditorState): number {
  const c = Math.max(0, s.cursor - 1);
  return c > 0 && /[\udc00-\udfff]/.test(s.value.charAt(c)) ? c - 1 : c;
}

function wordLeft(s: EditorState): number {
  let i = s.cursor;
  while (i > 0 && /\s/.test(s.value.charAt(i - 1))) i--;
  while (i > 0 && !/\s/.test(s.value.charAt(i - 1))) i--;
  return i;
}

function wordRight(s: EditorState): number {
  let i = s.cursor;
  while (i < s.value.length && /\s/.test(s.value.charAt(i))) i++;
  while (i < s.value.length && !/\s/.test(s.value.charAt(i))) i++;
  return i;
}

function browse(s: EditorState, dir: -1 | 1, history: readonly string[]): EditorState {
  const i = Math.max(0, Math.min(history.length, s.historyIndex + dir));
  if (i === s.historyIndex) return s;
  const draft = s.historyIndex === history.length ? s.value : s.draft;
  const value = i === history.length ? draft : (history[i] ?? "");
  return { value, cursor: value.length, historyIndex: i, draft };
}
