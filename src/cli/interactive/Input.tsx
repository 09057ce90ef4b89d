// The prompt line: editing and history (see line-editor.ts), Tab completion of slash commands and `@path`s,
// the matches listed underneath, and bracketed paste (a paste arrives whole, its newlines never send it).
import { Box, Text, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import type { PathCompletion } from "./file-mentions.js";
import { complete, edit, emptyEditor, pasted, type EditorState } from "./line-editor.js";
import { searchKey, startSearch, type SearchState } from "./history-search.js";

/** What terminals send around a paste once bracketed paste is on (ink hands them over without the ESC). */
const PASTE_START = "[200~";
const PASTE_END = "[201~";

export interface InputProps {
  history: readonly string[];
  /** `line` goes to the model (pastes expanded); `shown` is what the user saw, when different. */
  onSubmit: (line: string, shown?: string) => void;
  /** Tab on an `@path` word. */
  completePath?: (value: string, cursor: number) => PathCompletion | undefined;
  /** Slash commands offered for completion, e.g. "/mcp logs ". */
  completions?: readonly string[];
  isActive?: boolean;
  placeholder?: string;
  /** Told whether the line is empty, so the session knows what Ctrl-C and Ctrl-D mean. */
  onEmptyChange?: (empty: boolean) => void;
  /** Each change of this number empties the line (the session's Ctrl-C on a non-empty line). */
  clearToken?: number;
}

const MAX_SUGGESTIONS = 6;

export function Input(props: InputProps) {
  const {
    history,
    onSubmit,
    completions = [],
    isActive = true,
    placeholder,
    onEmptyChange,
    clearToken,
    completePath,
  } = props;
  const [state, setState] = useState<EditorState>(() => emptyEditor(history.length));
  const [matches, setMatches] = useState<readonly string[]>([]);
  // Ctrl-R's search while it runs (history-search.ts); the line underneath is kept for Esc.
  const [search, setSearchState] = useState<SearchState | undefined>(undefined);
  const searching = useRef<SearchState | undefined>(undefined);
  const setSearch = (next: SearchState | undefined) => {
    searching.current = next;
    setSearchState(next);
    // While searching the prompt is not empty for the session's keys (Esc must not count towards Esc Esc).
    onEmptyChange?.(next === undefined ? latest.current.value === "" : false);
  };
  // Text of a bracketed paste still arriving (it can span several reads).
  const paste = useRef<string | undefined>(undefined);
  // Several keys can arrive in one stdin chunk, before React re-renders: always edit the latest state.
  const latest = useRef(state);
  const update = (next: EditorState) => {
    if ((next.value === "") !== (latest.current.value === "")) onEmptyChange?.(next.value === "");
    latest.current = next;
    setState(next);
  };
  useEffect(() => {
    if (clearToken !== undefined && clearToken > 0) update(emptyEditor(history.length));
    // Only a new token clears the line.
  }, [clearToken]);
  useInput(
    (input, key) => {
      // Ctrl-C and Ctrl-D belong to the session (clear the line, cancel, exit).
      if (key.ctrl && (input === "c" || input === "d")) return;
      const cur = latest.current;
      if (searching.current !== undefined) {
        const r = searchKey(searching.current, input, key, history);
        if (r.kind === "search") return setSearch(r.state);
        if (r.kind === "accept")
          update({ ...emptyEditor(history.length), value: r.value, cursor: r.value.length });
        return setSearch(undefined);
      }
      if (key.ctrl && input === "r") return setSearch(startSearch());
      if (paste.current !== undefined || input.startsWith(PASTE_START)) {
        const text = (paste.current ?? "") + (key.return ? "\r" : input);
        const body = text.startsWith(PASTE_START) ? text.slice(PASTE_START.length) : text;
        const end = body.indexOf(PASTE_END);
        if (end === -1) {
          paste.current = body;
          return;
        }
        paste.current = undefined;
        update(pasted(cur, body.slice(0, end)));
        return;
      }
      if (key.tab && !key.shift) {
        const done = complete(cur.value, completions);
        if (done !== undefined) return update({ ...cur, value: done, cursor: done.length });
        const path = completePath?.(cur.value, cur.cursor);
        if (path !== undefined) {
          setMatches(path.candidates);
          update({ ...cur, value: path.value, cursor: path.cursor });
        }
        return;
      }
      if (key.tab) return; // Shift+Tab belongs to the session (plan mode)
      if (matches.length > 0) setMatches([]);
      const r = edit(cur, input, key, history);
      update(r.state);
      if (r.submit !== undefined) onSubmit(r.submit, r.shown);
    },
    { isActive },
  );
  if (search !== undefined) {
    const found = search.match === -1 ? "" : (history[search.match] ?? "");
    const failing = search.match === -1 && search.query !== "";
    return (
      <Box>
        <Text color={failing ? "yellow" : "cyan"}>{`(${failing ? "failing " : ""}reverse-i-search)`}</Text>
        <Text>{`'${search.query}': `}</Text>
        <Text>{found}</Text>
      </Box>
    );
  }
  const { value, cursor } = state;
  const at = value.charAt(cursor);
  const suggestions =
    value.startsWith("/") && !value.includes(" ")
      ? completions.filter((c) => c.startsWith(value) && c !== value).slice(0, MAX_SUGGESTIONS)
      : matches.slice(0, MAX_SUGGESTIONS * 2);
  return (
    <Box flexDirection="column">
      <Box>
        <Text color="cyan">{"❯ "}</Text>
        <Text>
          {value.slice(0, cursor)}
          <Text inverse={isActive}>{at === "" || at === "\n" ? " " : at}</Text>
          {at === "\n" ? value.slice(cursor) : value.slice(cursor + at.length)}
          {value === "" && placeholder !== undefined && <Text dimColor>{placeholder}</Text>}
        </Text>
      </Box>
      {suggestions.length > 0 && (
        <Box flexDirection="column" marginLeft={2}>
          {suggestions.map((s) => (
            <Text key={s} dimColor>
              {s.trimEnd()}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
