// A keyed choice list: each option has a hotkey, ↑/↓ move the selection, Enter picks it, Esc picks the
// designated escape option. Shared by the permission and approval prompts.
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";

export interface ChoiceOption<T> {
  key: string;
  label: string;
  value: T;
}

export interface ChoiceProps<T> {
  options: ChoiceOption<T>[];
  onChoose: (value: T) => void;
  /** The value chosen by Esc. */
  escape: T;
  isActive?: boolean;
  /** Each option on one row, cut with "…" when too long (the prompt shows long ones whole elsewhere). */
  oneRow?: boolean;
}

export function Choice<T>({ options, onChoose, escape, isActive = true, oneRow = false }: ChoiceProps<T>) {
  const [selected, setSelected] = useState(0);
  // Keys can arrive before the re-render that follows a move: Enter must pick what is selected now.
  const current = useRef(0);
  const select = (i: number) => {
    current.current = i;
    setSelected(i);
  };
  useInput(
    (input, key) => {
      const n = options.length;
      if (key.upArrow) select((current.current + n - 1) % n);
      else if (key.downArrow || key.tab) select((current.current + 1) % n);
      else if (key.return) {
        const o = options[current.current];
        if (o !== undefined) onChoose(o.value);
      } else if (key.escape) onChoose(escape);
      else {
        const o = options.find((opt) => opt.key === input.toLowerCase());
        if (o !== undefined) onChoose(o.value);
      }
    },
    { isActive },
  );
  return (
    <Box flexDirection="column">
      {options.map((o, i) => (
        <Text
          key={o.key}
          color={i === selected ? "cyan" : undefined}
          {...(oneRow && { wrap: "truncate-end" })}
        >
          {i === selected ? "❯ " : "  "}
          <Text bold>{o.key}</Text>
          {`  ${o.label}`}
        </Text>
      ))}
    </Box>
  );
}
