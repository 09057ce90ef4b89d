// Ctrl-R: reverse incremental search of the input history, as in bash. Pure (state, key) → state, so the
// Input component only renders it: typing narrows the search, Ctrl-R again finds the next older match,
// Enter (or a cursor key) takes the match into the prompt, Esc or Ctrl-G gives the line back as it was.
import type { Key } from "ink";

export interface SearchState {
  query: string;
  /** Index into history of the match shown; -1: nothing matches the query. */
  match: number;
}

export type SearchResult =
  { kind: "search"; state: SearchState } | { kind: "accept"; value: string } | { kind: "cancel" };

export const startSearch = (): SearchState => ({ query: "", match: -1 });

/** The newest entry at or before `from` that contains `query` (every entry matches the empty query). */
export function findOlder(history: readonly string[], query: string, from: number): number {
  for (let i = Math.min(from, history.length - 1); i >= 0; i--)
    if (history[i]!.toLowerCase().includes(query.toLowerCase())) return i;
  return -1;
}

export function searchKey(
  s: SearchState,
  input: string,
  key: Partial<Key>,
  history: readonly string[],
): SearchResult {
  const search = (state: SearchState): SearchResult => ({ kind: "search", state });
  if (key.escape === true || (key.ctrl === true && input === "g")) return { kind: "cancel" };
  if (key.ctrl === true && input === "r") {
    if (s.query === "") return search(s);
    const next = findOlder(history, s.query, (s.match === -1 ? history.length : s.match) - 1);
    // No older match: stay on this one, as bash does.
    return search(next === -1 ? s : { ...s, match: next });
  }
  if (key.backspace === true || key.delete === true) {
    const query = s.query.slice(0, -1);
    return search({ query, match: query === "" ? -1 : findOlder(history, query, history.length - 1) });
  }
  if (
    key.return === true ||
    key.upArrow === true ||
    key.downArrow === true ||
    key.leftArrow === true ||
    key.rightArrow === true ||
    key.tab === true
  )
    return { kind: "accept", value: s.match === -1 ? "" : (history[s.match] ?? "") };
  if (key.ctrl === true || key.meta === true || input === "") return search(s);
  const query = s.query + input;
  // Typing keeps the current match when it still matches, else looks further back from it.
  const from = s.match === -1 ? history.length - 1 : s.match;
  return search({ query, match: findOlder(history, query, from) });
}
