// The prompt line: editing and history (see line-editor.ts), Tab completion of slash commands, and the
// matching commands listed underneath while one is being typed.
import { Box, Text, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { complete, edit, emptyEditor, type EditorState } from "./line-editor.js";

export interface InputProps {
  history: readonly string[];
  onSubmit: (line: string) => void;
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
  } = props;
  const [state, setState] = useState<EditorState>(() => emptyEditor(history.length));
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
      if (key.tab) {
        const done = complete(cur.value, completions);
        if (done !== undefined) update({ ...cur, value: done, cursor: done.length });
        return;
      }
      const r = edit(cur, input, key, history);
      update(r.state);
      if (r.submit !== undefined) onSubmit(r.submit);
    },
    { isActive },
  );
  const { value, cursor } = state;
  const at = value.charAt(cursor);
  const suggestions =
    value.startsWith("/") && !value.includes(" ")
      ? completions.filter((c) => c.startsWith(value) && c !== value).slice(0, MAX_SUGGESTIONS)
      : [];
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
