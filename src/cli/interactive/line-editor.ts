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
  /** Long pastes shown as `[Pasted text #N +L lines]` in `value`; expanded on submit. */
  pastes?: readonly Paste[];
}

export interface Paste {
  placeholder: string;
  text: string;
}

/** `submit` goes to the model (pastes expanded); `shown` is the line as the user saw it. */
export type EditResult = { state: EditorState; submit?: string; shown?: string };

/** A paste longer than this (or with more lines) collapses to a placeholder. */
export const PASTE_COLLAPSE_CHARS = 800;
export const PASTE_COLLAPSE_LINES = 10;

export const emptyEditor = (historyLength = 0): EditorState => ({
  value: "",
  cursor: 0,
  historyIndex: historyLength,
  draft: "",
});

type KeyLike = Partial<Key>;

export function edit(s: EditorState, input: string, key: KeyLike, history: readonly string[]): EditResult {
  if (key.return === true) {
    // Shift+Enter (terminals that report it) and Alt/Option+Enter insert a line break…
    if (key.shift === true || key.meta === true) return { state: insert(s, "\n") };
    // …and so does `\` right before the cursor, which works in every terminal.
    if (s.cursor > 0 && s.value.charAt(s.cursor - 1) === "\\") {
      return { state: insert(removeRange(s, s.cursor - 1, s.cursor), "\n") };
    }
    return submit(s, history);
  }
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
    if (key.meta === true) return { state: removeRange(s, wordLeft(s), s.cursor) };
    // A placeholder goes as a whole, with the paste it stands for.
    const p = (s.pastes ?? []).find((x) => s.value.slice(0, s.cursor).endsWith(x.placeholder));
    if (p !== undefined) {
      const cut = removeRange(s, s.cursor - p.placeholder.length, s.cursor);
      return {
        state: withPastes(
          cut,
          (s.pastes ?? []).filter((x) => x !== p),
        ),
      };
    }
    return { state: removeRange(s, prev(s), s.cursor) };
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

/**
 * Typed text, or a paste in a terminal without bracketed paste (Input.tsx handles marked pastes, which are
 * never sent). A one-line chunk ending in Enter is typing that arrived at once ("ls" then Enter, or
 * `tmux send-keys`) and is sent; a chunk with several lines is a paste and waits for Enter.
 */
function typed(s: EditorState, input: string, history: readonly string[]): EditResult {
  const text = input.replace(/\r\n?/g, "\n");
  if (text.length > 1 && text.endsWith("\n") && !text.slice(0, -1).includes("\n")) {
    return submit(pasted(s, text), history);
  }
  return { state: pasted(s, input) };
}

/** Inserts pasted text; a long paste goes in as a placeholder that submit expands again. */
export function pasted(s: EditorState, input: string): EditorState {
  let text = input.replace(/\r\n?/g, "\n").replace(/\t/g, "  ");
  if (text.length > 1 && text.endsWith("\n")) text = text.slice(0, -1);
  const lines = text.split("\n").length;
  if (text.length <= PASTE_COLLAPSE_CHARS && lines <= PASTE_COLLAPSE_LINES) return insert(s, text);
  const pastes = s.pastes ?? [];
  const placeholder = `[Pasted text #${pastes.length + 1} +${lines} lines]`;
  return withPastes(insert(s, placeholder), [...pastes, { placeholder, text }]);
}

/** The line with every placeholder replaced by its paste. */
export function expandPastes(value: string, pastes: readonly Paste[] = []): string {
  let out = value;
  for (const p of pastes) out = out.split(p.placeholder).join(p.text);
  return out;
}

function withPastes(s: EditorState, pastes: readonly Paste[]): EditorState {
  const { pastes: _old, ...rest } = s;
  return pastes.length > 0 ? { ...rest, pastes } : rest;
}

function submit(s: EditorState, history: readonly string[]): EditResult {
  const state = emptyEditor(withEntry(history, s.value).length);
  if ((s.pastes ?? []).length === 0) return { state, submit: s.value };
  return { state, submit: expandPastes(s.value, s.pastes), shown: s.value };
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
