// Asks whether a tool may run (§8.1, §8.5), showing what will run: the whole bash command (wrapped, never cut),
// a diff for file writes and edits, or the arguments in full — scrolled with PgUp/PgDn when taller than the
// screen. Answers: once, always (this project: tool or server; or every project), deny, deny with a message.
import { Box, Text, useInput, useStdout } from "ink";
import { useRef, useState } from "react";
import type { PermissionAnswer } from "../../core/permissions/gate.js";
import { stripControlLine } from "../../core/text/strip.js";
import { Choice, type ChoiceOption } from "./Choice.js";
import { Input } from "./Input.js";
import type { PendingPermission } from "./permission-queue.js";
import { previewRows } from "./preview-rows.js";
import { useColumns } from "./use-columns.js";

export interface PermissionPromptProps {
  pending: PendingPermission;
  onAnswer: (answer: PermissionAnswer) => void;
  /** The width to lay out for (default: the terminal's). */
  columns?: number;
  /** The terminal's height (default: the terminal's, else 24). */
  rows?: number;
}

type Option = PermissionAnswer | "message";
/** Rows kept for the header, the choices and the borders when the body is sized to the screen. */
const CHROME_ROWS = 13;

export function PermissionPrompt({ pending, onAnswer, columns, rows }: PermissionPromptProps) {
  const termColumns = useColumns();
  const { stdout } = useStdout();
  const width = Math.max(20, (columns ?? termColumns) - 4); // round border and one space of padding each side
  const height = Math.max(5, (rows ?? (stdout.rows || 24)) - CHROME_ROWS);
  const [typing, setTyping] = useState(false);
  const [offset, setOffset] = useState(0);
  // Keys can arrive before the re-render that follows a scroll: each one moves from where the last one left.
  const at = useRef(0);
  const { req, preview } = pending;
  const tool = stripControlLine(req.tool);
  const server = req.server === undefined ? undefined : stripControlLine(req.server);
  const body = previewRows(preview, width);
  const scrolls = body.length > height;
  const top = Math.min(offset, Math.max(0, body.length - height));
  useInput(
    (_input, key) => {
      if (!scrolls) return;
      const last = body.length - height;
      if (key.pageDown) at.current = Math.min(at.current + height - 1, last);
      else if (key.pageUp) at.current = Math.max(0, at.current - (height - 1));
      else return;
      setOffset(at.current);
    },
    { isActive: !typing },
  );
  useInput(
    (_input, key) => {
      if (key.escape) setTyping(false);
    },
    { isActive: typing },
  );
  // A command's "always" is its prefix rules (`Bash(npm run test:*)`), never all of bash; none: once only.
  const command = req.subject?.kind === "command";
  const rules = command ? (pending.always ?? []).map(stripControlLine).join(", ") : tool;
  const always = !command || rules !== "";
  const options: ChoiceOption<Option>[] = [
    { key: "y", label: "Yes, this once", value: "once" },
    ...(always
      ? [{ key: "t", label: `Yes, and always allow ${rules} in this project`, value: "always-tool" as const }]
      : []),
    ...(server !== undefined
      ? [
          {
            key: "s",
            label: `Yes, and always allow every tool of ${server} in this project`,
            value: "always-server" as const,
          },
        ]
      : []),
    ...(always
      ? [
          {
            key: "g",
            label: `Yes, and always allow ${rules} in every project`,
            value: "always-tool-global" as const,
          },
        ]
      : []),
    { key: "m", label: "No, and tell the model why", value: "message" },
    { key: "n", label: "No, deny (Esc)", value: "deny" },
  ];
  const label = preview.kind === "command" ? "command" : preview.kind === "diff" ? "change" : "arguments";
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1}>
      <Text>
        <Text bold color="yellow">
          Allow tool call?
        </Text>
        {`  ${tool}`}
        {server !== undefined && <Text dimColor>{`  (server ${server})`}</Text>}
      </Text>
      <Text dimColor>{label}</Text>
      {(scrolls ? body.slice(top, top + height) : body).map((r, i) => (
        <Text
          key={i}
          {...(r.color !== undefined && { color: r.color })}
          {...(r.dim === true && { dimColor: true })}
          {...(r.bold === true && { bold: true })}
        >
          {r.text === "" ? " " : r.text}
        </Text>
      ))}
      {scrolls && (
        <Text
          dimColor
        >{`rows ${top + 1}–${Math.min(top + height, body.length)} of ${body.length} · PgUp/PgDn to scroll`}</Text>
      )}
      <Box marginTop={1} flexDirection="column">
        {typing ? (
          <>
            <Text dimColor>Tell the model why (Enter sends, Esc goes back):</Text>
            <Input
              history={[]}
              onSubmit={(line) =>
                line.trim() === "" ? onAnswer("deny") : onAnswer({ kind: "deny", message: line })
              }
            />
          </>
        ) : (
          <Choice
            key={pending.id}
            options={options}
            onChoose={(v) => (v === "message" ? setTyping(true) : onAnswer(v))}
            escape="deny"
          />
        )}
      </Box>
    </Box>
  );
}
