// What a key does in an elicitation form: a pure function of (state, key), so ElicitPrompt only renders.
// Rows are the fields, then Accept / Decline / Cancel. ↑/↓ (Tab/Shift+Tab) move; Enter moves to the next
// field, and on the last field or on Accept sends — after the check, which otherwise marks the wrong fields
// and moves to the first of them; Esc cancels.
import type { Key } from "ink";
import type { ContentValue, Draft, FormField } from "../../core/mcp/connection/elicitation-form.js";
import { checkDraft } from "../../core/host/elicitation.js";

export type FormRow = { kind: "field"; field: FormField } | { kind: "accept" | "decline" | "cancel" };

export interface FormState {
  draft: Draft;
  focus: number;
  /** The highlighted option of each multi-select field. */
  cursor: Record<string, number>;
  errors: Record<string, string>;
}

export type FormOutcome =
  { action: "accept"; content: Record<string, ContentValue> } | { action: "decline" } | { action: "cancel" };

export function formRows(fields: readonly FormField[], canAccept: boolean): FormRow[] {
  return [
    ...fields.map((field): FormRow => ({ kind: "field", field })),
    ...(canAccept ? [{ kind: "accept" as const }] : []),
    { kind: "decline" },
    { kind: "cancel" },
  ];
}

// Bracketed-paste markers and line breaks never belong in a one-line field.
// eslint-disable-next-line no-control-regex -- the paste markers start with ESC
const PASTE_MARKS = /\x1b\[20[01]~/g;
// eslint-disable-next-line no-control-regex -- recognising control characters is the point
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;

export function formKey(
  s: FormState,
  rows: readonly FormRow[],
  input: string,
  key: Partial<Key>,
): { state: FormState; outcome?: FormOutcome } {
  const row = rows[s.focus];
  const fields = rows.flatMap((r) => (r.kind === "field" ? [r.field] : []));
  const moveTo = (i: number): FormState => ({ ...s, focus: (i + rows.length) % rows.length });
  if (key.escape === true) return { state: s, outcome: { action: "cancel" } };
  if (key.upArrow === true || (key.tab === true && key.shift === true)) return { state: moveTo(s.focus - 1) };
  if (key.downArrow === true || key.tab === true) return { state: moveTo(s.focus + 1) };
  if (row === undefined) return { state: s };
  if (key.return === true) {
    if (row.kind === "decline" || row.kind === "cancel") return { state: s, outcome: { action: row.kind } };
    const last = row.kind === "field" && s.focus === fields.length - 1;
    if (row.kind === "field" && !last) return { state: moveTo(s.focus + 1) };
    if (!rows.some((r) => r.kind === "accept")) return { state: moveTo(fields.length) };
    const checked = checkDraft(fields, s.draft);
    if (checked.ok)
      return { state: { ...s, errors: {} }, outcome: { action: "accept", content: checked.content } };
    const first = fields.findIndex((f) => checked.errors[f.key] !== undefined);
    return { state: { ...s, errors: checked.errors, focus: Math.max(first, 0) } };
  }
  if (row.kind !== "field") return { state: s };
  const f = row.field;
  const set = (v: Draft[string], cursor = s.cursor): { state: FormState } => {
    const errors = { ...s.errors };
    delete errors[f.key];
    return { state: { ...s, draft: { ...s.draft, [f.key]: v }, cursor, errors } };
  };
  const value = s.draft[f.key];
  switch (f.kind) {
    case "text":
    case "number": {
      const text = typeof value === "string" ? value : "";
      if (key.backspace === true || key.delete === true) return set(text.slice(0, -1));
      if (key.ctrl === true && input === "u") return set("");
      if (key.ctrl === true || key.meta === true) return { state: s };
      // Keys typed fast can arrive as one chunk: DEL/BS inside it erase, in order.
      let next = text;
      for (const ch of input.replace(PASTE_MARKS, "")) {
        if (ch === "\x7f" || ch === "\b") next = next.slice(0, -1);
        else if (!CONTROL.test(ch)) next += ch;
      }
      return next === text ? { state: s } : set(next);
    }
    case "boolean":
      if (input === " " || key.leftArrow === true || key.rightArrow === true) return set(value !== true);
      if (input.toLowerCase() === "y") return set(true);
      if (input.toLowerCase() === "n") return set(false);
      return { state: s };
    case "choice": {
      const n = f.options.length;
      if (n === 0) return { state: s };
      const at = f.options.findIndex((o) => o.value === value);
      const step = key.leftArrow === true ? -1 : key.rightArrow === true || input === " " ? 1 : 0;
      if (step === 0) return { state: s };
      const next = at === -1 ? (step > 0 ? 0 : n - 1) : (at + step + n) % n;
      return set(f.options[next]?.value);
    }
    case "multi": {
      const n = f.options.length;
      const at = s.cursor[f.key] ?? 0;
      if (n === 0) return { state: s };
      if (key.leftArrow === true || key.rightArrow === true) {
        const next = (at + (key.leftArrow === true ? -1 : 1) + n) % n;
        return { state: { ...s, cursor: { ...s.cursor, [f.key]: next } } };
      }
      if (input !== " ") return { state: s };
      const picked = Array.isArray(value) ? value : [];
      const option = f.options[at]?.value;
      if (option === undefined) return { state: s };
      // Kept in the schema's order, whatever order they were picked in.
      const nextPicked = picked.includes(option)
        ? picked.filter((p) => p !== option)
        : f.options.map((o) => o.value).filter((v) => v === option || picked.includes(v));
      return set(nextPicked);
    }
  }
}
