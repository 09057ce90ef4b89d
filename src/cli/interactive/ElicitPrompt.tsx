// A server asks the person (§9): a form to fill in (fields with their titles, descriptions, defaults and
// checks; accept, decline or cancel), or a URL to open, shown whole with the server's name and opened only
// when the person says so (§8.5). The decisions are in elicit-form-keys.ts; this only renders.
import type { ElicitResult } from "@modelcontextprotocol/client";
import { Box, Text, useInput } from "ink";
import { useMemo, useRef, useState } from "react";
import type { DraftValue, FormField } from "../../core/mcp/connection/elicitation-form.js";
import { initialDraft } from "../../core/host/elicitation.js";
import { Choice, type ChoiceOption } from "./Choice.js";
import type { PendingElicitation } from "./elicit-queue.js";
import { formKey, formRows, type FormRow, type FormState } from "./elicit-form-keys.js";

export interface ElicitPromptProps {
  pending: PendingElicitation;
  onAnswer: (r: ElicitResult) => void;
}

export function ElicitPrompt({ pending, onAnswer }: ElicitPromptProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} marginTop={1}>
      <Text>
        <Text bold color="magenta">
          {pending.mode === "url" ? "Open a URL?" : "Input requested"}
        </Text>
        {`  MCP server "${pending.server}" asks:`}
      </Text>
      <Box marginY={1}>
        <Text>{pending.message}</Text>
      </Box>
      {pending.mode === "url" ? (
        <UrlRequest pending={pending} onAnswer={onAnswer} />
      ) : (
        <FormRequest pending={pending} onAnswer={onAnswer} />
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
}: {
  pending: Extract<PendingElicitation, { mode: "form" }>;
  onAnswer: (r: ElicitResult) => void;
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
  return (
    <Box flexDirection="column">
      {problems.map((p) => (
        <Text key={p} color="red">{`cannot be answered here: ${p}`}</Text>
      ))}
      {rows.map((row, i) => (
        <Row
          key={row.kind === "field" ? `f:${row.field.key}` : row.kind}
          row={row}
          focused={i === state.focus}
          state={state}
        />
      ))}
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
      {hint(f) !== "" && <Text dimColor>{`    ${hint(f)}`}</Text>}
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

/** The field's constraints in words, so the person knows them before the check does. */
function hint(f: FormField): string {
  const parts: string[] = [];
  if (f.kind === "text") {
    if (f.format !== undefined) parts.push(f.format);
    if (f.minLength !== undefined) parts.push(`at least ${f.minLength} characters`);
    if (f.maxLength !== undefined) parts.push(`at most ${f.maxLength} characters`);
  } else if (f.kind === "number") {
    parts.push(f.integer ? "whole number" : "number");
    if (f.minimum !== undefined) parts.push(`≥ ${f.minimum}`);
    if (f.maximum !== undefined) parts.push(`≤ ${f.maximum}`);
  } else if (f.kind === "multi") {
    if (f.minItems !== undefined) parts.push(`pick at least ${f.minItems}`);
    if (f.maxItems !== undefined) parts.push(`pick at most ${f.maxItems}`);
  }
  return parts.join(" · ");
}
