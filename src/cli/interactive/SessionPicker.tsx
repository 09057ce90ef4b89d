// `codeagent --resume` without an id: the project's saved sessions, newest first — when, title, how many
// messages. ↑/↓ move, Enter resumes, Esc starts a new session instead.
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import { stripControlLine } from "../../core/text/strip.js";

export interface PickerRow {
  id: string;
  title: string;
  /** ISO time of the last write. */
  updated: string;
  messages: number;
}

export interface SessionPickerProps {
  rows: readonly PickerRow[];
  onPick: (id: string | undefined) => void;
  /** Ctrl-C: leave codeagent. */
  onQuit?: () => void;
  /** For tests: "now" for the relative times. */
  now?: Date;
  /** Rows shown at once. */
  height?: number;
}

export function SessionPicker({ rows, onPick, onQuit, now, height = 10 }: SessionPickerProps) {
  const [selected, setSelected] = useState(0);
  const current = useRef(0);
  const done = useRef(false);
  const select = (i: number) => {
    current.current = i;
    setSelected(i);
  };
  const pick = (id: string | undefined) => {
    if (done.current) return;
    done.current = true;
    onPick(id);
  };
  useInput((input, key) => {
    if (key.ctrl && input === "c" && onQuit !== undefined && !done.current) {
      done.current = true;
      return onQuit();
    }
    const n = rows.length;
    if (n === 0 || key.escape) return pick(undefined);
    if (key.upArrow) select(Math.max(0, current.current - 1));
    else if (key.downArrow) select(Math.min(n - 1, current.current + 1));
    else if (key.return) pick(rows[current.current]?.id);
  });
  const first = Math.max(0, Math.min(selected - Math.floor(height / 2), rows.length - height));
  const shown = rows.slice(first, first + height);
  return (
    <Box flexDirection="column">
      <Text bold>Resume a session (↑/↓, Enter; Esc starts a new one)</Text>
      {rows.length === 0 && <Text dimColor>no saved sessions in this project</Text>}
      {shown.map((r, i) => {
        const on = first + i === selected;
        return (
          <Text key={r.id} color={on ? "cyan" : undefined} wrap="truncate-end">
            {on ? "❯ " : "  "}
            <Text dimColor={!on}>{ago(r.updated, now ?? new Date()).padEnd(9)}</Text>
            {`${String(r.messages).padStart(4)} msgs  `}
            {stripControlLine(r.title) || "(untitled)"}
          </Text>
        );
      })}
      {rows.length > height && <Text dimColor>{`${rows.length} sessions`}</Text>}
    </Box>
  );
}

/** "just now", "5m ago", "3h ago", "2d ago", then the date. */
export function ago(iso: string, now: Date): string {
  const s = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  if (s < 30 * 86_400) return `${Math.floor(s / 86_400)}d ago`;
  return iso.slice(0, 10);
}
