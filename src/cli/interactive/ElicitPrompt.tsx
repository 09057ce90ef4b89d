// A server asks the person (§9): a form to fill in (fields with their titles, descriptions, defaults and
// checks; accept, decline or cancel), or a URL to open, shown whole with the server's name and opened only
// when the person says so (§8.5). The decisions are in elicit-form-keys.ts; this only renders. A form taller
// than the terminal keeps its title and shows a window of rows around the focused one (form-window.ts).
import type { ElicitResult } from "@modelcontextprotocol/client";
import { Box, Text, useInput, useStdout } from "ink";
import { useMemo, useRef, useState } from "react";
import type { DraftValue, FormField } from "../../core/mcp/connection/elicitation-form.js";
import { initialDraft } from "../../core/host/elicitation.js";
import { Choice, type ChoiceOption } from "./Choice.js";
import type { PendingElicitation } from "./elicit-queue.js";
import { formKey, formRows, type FormRow, type FormState } from "./elicit-form-keys.js";
import { fieldHint, formWindow, rowLines } from "./form-window.js";
import { useColumns } from "./use-columns.js";

/** Lines around the form's rows: border, title, gaps, the key help, the session's own lines below. */
const CHROME_ROWS = 10;

export interface ElicitPromptProps {
  pending: PendingElicitation;
  onAnswer: (r: ElicitResult) => void;
  /** The terminal's size; default the real one (tests pass a small screen). */
  rows?: number;
  columns?: number;
}

export function ElicitPrompt({ pending, onAnswer, rows, columns }: ElicitPromptProps) {
  const { stdout } = useStdout();
  const termColumns = useColumns();
  const screen = rows ?? (stdout.rows || 24);
  const width = Math.max(20, (columns ?? termColumns) - 4);
  // A message taller than a third of the screen is cut, so the title and the focused field stay visible.
  const lines = pending.message.split("\n");
  const most = Math.max(2, Math.floor(screen / 3));
  const message = lines.length > most ? [...lines.slice(0, most - 1), "…"].join("\n") : pending.message;
  const messageLines = message.split("\n").reduce((a, l) => a + Math.max(1, Math.ceil(l.length / width)), 0);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} marginTop={1}>
      <Text>
        <Text bold color="magenta">
          {pending.mode === "url" ? "Open a URL?" : "Input requested"}
        </Text>
        {`  MCP server "${pending.server}" asks:`}
      </Text>
      <Box marginY={1}>
        <Text>{message}</Text>
      </Box>
      {pending.mode === "url" ? (
        <UrlRequest pending={pending} onAnswer={onAnswer} />
      ) : (
        <FormRequest
          pending={pending}
          onAnswer={onAnswer}
          budget={Math.max(4, screen - CHROME_ROWS - messageLines)}
          width={width}
        />
      )}
    </Box>
  );
}

type Action = "accept" | "decline" | "cancel";

function UrlRequest({
  pending,
  onAnswer,
}: {
  pending: Extract<PendingElicitation, { mode: "url" }>;
  onAnswer: (r: ElicitResult) => void;
}) {
  const options: ChoiceOption<Action>[] = [
    { key: "o", label: "Open it in the browser", value: "accept" },
    { key: "d", label: "Decline", value: "decline" },
    { key: "c", label: "Cancel (Esc)", value: "cancel" },
  ];
  return (
    <Box flexDirection="column">
      <Text>
        <Text dimColor>site </Text>
        <Text bold>{new URL(pending.url).host}</Text>
      </Text>
      <Text wrap="wrap">
        <Text dimColor>URL </Text>
        {pending.url}
      </Text>
      <Box marginTop={1}>
        <Choice<Action>
          key={pending.id}
          options={options}
          escape="cancel"
          onChoose={(action) => onAnswer({ action })}
        />
      </Box>
    </Box>
  );
}

function FormRequest({
  pending,
  onAnswer,
  budget,
  width,
}: {
  pending: Extract<PendingElicitation, { mode: "form" }>;
  onAnswer: (r: ElicitResult) => void;
  /** Lines the rows may take. */
  budget: number;
  width: number;
}) {
  const { fields, problems } = pending.spec;
  const rows = useMemo(() => formRows(fields, problems.length === 0), [fields, problems]);
  const [state, setState] = useState<FormState>(() => ({
    draft: initialDraft(fields),
    focus: 0,
    cursor: {},
    errors: {},
  }));
  // Keys can arrive before the re-render that follows the previous one.
  const current = useRef(state);
  const done = useRef(false);
  useInput((input, key) => {
    if (done.current) return;
    const r = formKey(current.current, rows, input, key);
    current.current = r.state;
    setState(r.state);
    if (r.outcome === undefined) return;
    done.current = true;
    onAnswer(r.outcome.action === "accept" ? r.outcome : { action: r.outcome.action });
  });
  const top = useRef(0);
  const heights = rows.map((row) => rowLines(row, state, width));
  const shown = formWindow(heights, state.focus, budget - problems.length, top.current);
  top.current = shown.top;
  const below = rows.length - shown.end;
  const scrolls = shown.top > 0 || below > 0;
  return (
    <Box flexDirection="column">
      {problems.map((p) => (
        <Text key={p} color="red">{`cannot be answered here: ${p}`}</Text>
      ))}
      {scrolls && <Text dimColor>{shown.top > 0 ? `↑ ${shown.top} more above` : " "}</Text>}
      {rows.slice(shown.top, shown.end).map((row, i) => (
        <Row
          key={row.kind === "field" ? `f:${row.field.key}` : row.kind}
          row={row}
          focused={shown.top + i === state.focus}
          state={state}
        />
      ))}
      {scrolls && <Text dimColor>{below > 0 ? `↓ ${below} more below` : " "}</Text>}
      <Box marginTop={1}>
        <Text dimColor>
          ↑/↓ move · Space/←/→ choose · Enter next, and sends on the last field · Esc cancels. Nothing is sent
          before you accept.
        </Text>
      </Box>
    </Box>
  );
}

const ACTION_LABELS = { accept: "Accept and send", decline: "Decline", cancel: "Cancel (Esc)" };

function Row({ row, focused, state }: { row: FormRow; focused: boolean; state: FormState }) {
  const pointer = focused ? "❯ " : "  ";
  if (row.kind !== "field") {
    return <Text color={focused ? "cyan" : undefined}>{`${pointer}[ ${ACTION_LABELS[row.kind]} ]`}</Text>;
  }
  const f = row.field;
  const error = state.errors[f.key];
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text color={focused ? "cyan" : undefined}>
        {pointer}
        <Text bold>{f.label}</Text>
        {f.required ? <Text color="red"> *</Text> : null}
        {"  "}
        <FieldValue
          field={f}
          value={state.draft[f.key]}
          focused={focused}
          cursor={state.cursor[f.key] ?? 0}
        />
      </Text>
      {f.description !== undefined && <Text dimColor>{`    ${f.description}`}</Text>}
      {fieldHint(f) !== "" && <Text dimColor>{`    ${fieldHint(f)}`}</Text>}
      {error !== undefined && <Text color="red">{`    ✗ ${error}`}</Text>}
    </Box>
  );
}

function FieldValue(props: { field: FormField; value: DraftValue; focused: boolean; cursor: number }) {
  const { field: f, value, focused, cursor } = props;
  switch (f.kind) {
    case "text":
    case "number": {
      const text = typeof value === "string" ? value : "";
      return (
        <Text>
          {text === "" && !focused ? <Text dimColor>(empty)</Text> : text}
          {focused ? <Text inverse> </Text> : null}
        </Text>
      );
    }
    case "boolean":
      return <Text>{value === undefined ? <Text dimColor>(not set)</Text> : value ? "yes" : "no"}</Text>;
    case "choice":
      return (
        <Text>
          {f.options.map((o, i) => (
            <Text key={o.value} bold={o.value === value}>
              {`${i > 0 ? " " : ""}${o.value === value ? `(•) ${o.label}` : `( ) ${o.label}`}`}
            </Text>
          ))}
        </Text>
      );
    case "multi": {
      const picked = Array.isArray(value) ? value : [];
      return (
        <Text>
          {f.options.map((o, i) => (
            <Text key={o.value} underline={focused && i === cursor}>
              {`${i > 0 ? " " : ""}[${picked.includes(o.value) ? "x" : " "}] ${o.label}`}
            </Text>
          ))}
        </Text>
      );
    }
  }
}
