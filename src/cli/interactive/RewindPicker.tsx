// /rewind (and Esc twice on an empty prompt): the session's messages, newest last, each with the files its
// turn changed and a mark when it ran commands whose changes are not undone; then what to restore.
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import type { RewindPoint, RewindScope } from "../../core/checkpoints/plan.js";
import { stripControlLine } from "../../core/text/strip.js";
import { Choice } from "./Choice.js";

export interface RewindPickerProps {
  points: readonly RewindPoint[];
  /** The chosen message and what to restore; undefined: Esc, nothing changes. */
  onDone: (choice: { index: number; scope: RewindScope } | undefined) => void;
  /** Rows of the list shown at once. */
  height?: number;
}

export const NOT_UNDONE = "shell changes in this turn are not undone";

export function RewindPicker({ points, onDone, height = 8 }: RewindPickerProps) {
  const [selected, setSelected] = useState(points.length - 1);
  const [chosen, setChosen] = useState<RewindPoint | undefined>(undefined);
  const current = useRef(points.length - 1);
  const select = (i: number) => {
    current.current = i;
    setSelected(i);
  };
  useInput(
    (_input, key) => {
      if (points.length === 0 || key.escape) return onDone(undefined);
      if (key.upArrow) select(Math.max(0, current.current - 1));
      else if (key.downArrow) select(Math.min(points.length - 1, current.current + 1));
      else if (key.return) setChosen(points[current.current]);
    },
    { isActive: chosen === undefined },
  );
  if (chosen !== undefined) return <ScopeChoice points={points} chosen={chosen} onDone={onDone} />;
  const first = Math.max(0, Math.min(selected - Math.floor(height / 2), points.length - height));
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Rewind to before a message (↑/↓, Enter; Esc: back to the prompt)</Text>
      {points.length === 0 && <Text dimColor>no messages in this session yet</Text>}
      {points.slice(first, first + height).map((p, i) => {
        const on = first + i === selected;
        return (
          <Box key={p.index} flexDirection="column">
            <Text color={on ? "cyan" : undefined} wrap="truncate-end">
              {on ? "❯ " : "  "}
              {stripControlLine(p.text) || "(empty message)"}
            </Text>
            <Text dimColor wrap="truncate-end">
              {`    ${filesLabel(p.files.length)}`}
              {p.untracked.length > 0 && (
                <Text color="yellow">{` · ${NOT_UNDONE} (${p.untracked.join(", ")})`}</Text>
              )}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}

function ScopeChoice({
  points,
  chosen,
  onDone,
}: {
  points: readonly RewindPoint[];
  chosen: RewindPoint;
  onDone: RewindPickerProps["onDone"];
}) {
  // Going back to before this message undoes this turn and every later one.
  const later = points.filter((p) => p.index >= chosen.index);
  const files = new Set(later.flatMap((p) => p.files)).size;
  const shell = later.some((p) => p.untracked.length > 0);
  const pick = (scope: RewindScope | undefined) =>
    onDone(scope === undefined ? undefined : { index: chosen.index, scope });
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold wrap="truncate-end">{`Rewind to before: ${stripControlLine(chosen.text)}`}</Text>
      <Text dimColor>{`${filesLabel(files)} since then`}</Text>
      {shell && (
        <Text color="yellow">
          commands run by the shell since then changed files that are not tracked: those changes are not
          undone
        </Text>
      )}
      <Choice<RewindScope | undefined>
        options={[
          { key: "1", label: "code and conversation", value: "both" },
          { key: "2", label: "conversation only (the files stay as they are)", value: "conversation" },
          { key: "3", label: "code only (the conversation stays)", value: "code" },
        ]}
        escape={undefined}
        onChoose={pick}
      />
    </Box>
  );
}

function filesLabel(n: number): string {
  return n === 0 ? "no file changes" : `${n} file${n === 1 ? "" : "s"} changed`;
}
