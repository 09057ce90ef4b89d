// Form elicitation answered by a person (§9): the requested schema as fields to render, a draft the UI edits,
// and the check that turns a draft into the `content` of an accepted answer — or says, per field, what is
// wrong. Pure; server text (titles, descriptions, option labels) is made printable here, once.
import { printable } from "../../text/printable.js";
import { stripControl } from "../../text/strip.js";
import type { ElicitationParams } from "./elicitation.js";

interface FieldBase {
  key: string;
  /** The schema's `title`, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

export interface ChoiceOption {
  value: string;
  label: string;
}

export type FormField =
  | (FieldBase & {
      kind: "text";
      format?: "email" | "uri" | "date" | "date-time";
      minLength?: number;
      maxLength?: number;
      default?: string;
    })
  | (FieldBase & { kind: "number"; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: "boolean"; default?: boolean })
  | (FieldBase & { kind: "choice"; options: ChoiceOption[]; default?: string })
  | (FieldBase & {
      kind: "multi";
      options: ChoiceOption[];
      minItems?: number;
      maxItems?: number;
      default?: string[];
    });

export interface FormSpec {
  fields: FormField[];
  /** Properties this client cannot render (the request can then only be declined or cancelled). */
  problems: string[];
}

/** What the person has entered so far: text and numbers as typed, the rest as chosen; undefined = not set. */
export type DraftValue = string | boolean | string[] | undefined;
export type Draft = Record<string, DraftValue>;

export type ContentValue = string | number | boolean | string[];

export type FormCheck =
  { ok: true; content: Record<string, ContentValue> } | { ok: false; errors: Record<string, string> };

type Json = Record<string, unknown>;

const FORMATS = new Set(["email", "uri", "date", "date-time"]);

/** The fields of a form-mode request, in the schema's order. */
export function formSpec(params: ElicitationParams): FormSpec {
  if (!("requestedSchema" in params)) return { fields: [], problems: [] };
  const schema = params.requestedSchema as Json;
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const fields: FormField[] = [];
  const problems: string[] = [];
  for (const [key, raw] of Object.entries(props)) {
    const field = isObject(raw) ? fieldOf(key, raw, required.has(key)) : undefined;
    if (field === undefined) problems.push(`field "${printable(key, 60)}" has a type this form cannot show`);
    else fields.push(field);
  }
  return { fields, problems };
}

function fieldOf(key: string, p: Json, required: boolean): FormField | undefined {
  const base: FieldBase = {
    key,
    label: typeof p.title === "string" && p.title.trim() !== "" ? printable(p.title, 80) : printable(key, 80),
    required,
    ...(typeof p.description === "string" && { description: stripControl(p.description).slice(0, 2000) }),
  };
  const options = choiceOptions(p);
  if (p.type === "string" && options !== undefined) {
    return { ...base, kind: "choice", options, ...(typeof p.default === "string" && { default: p.default }) };
  }
  if (p.type === "string") {
    return {
      ...base,
      kind: "text",
      ...(typeof p.format === "string" &&
        FORMATS.has(p.format) && { format: p.format as "email" | "uri" | "date" | "date-time" }),
      ...(typeof p.minLength === "number" && { minLength: p.minLength }),
      ...(typeof p.maxLength === "number" && { maxLength: p.maxLength }),
      ...(typeof p.default === "string" && { default: p.default }),
    };
  }
  if (p.type === "number" || p.type === "integer") {
    return {
      ...base,
      kind: "number",
      integer: p.type === "integer",
      ...(typeof p.minimum === "number" && { minimum: p.minimum }),
      ...(typeof p.maximum === "number" && { maximum: p.maximum }),
      ...(typeof p.default === "number" && { default: p.default }),
    };
  }
  if (p.type === "boolean") {
    return { ...base, kind: "boolean", ...(typeof p.default === "boolean" && { default: p.default }) };
  }
  if (p.type === "array" && isObject(p.items)) {
    const opts = choiceOptions(p.items);
    if (opts === undefined) return undefined;
    const defaults = Array.isArray(p.default) ? p.default.filter((d) => typeof d === "string") : undefined;
    return {
      ...base,
      kind: "multi",
      options: opts,
      ...(typeof p.minItems === "number" && { minItems: p.minItems }),
      ...(typeof p.maxItems === "number" && { maxItems: p.maxItems }),
      ...(defaults !== undefined && { default: defaults }),
    };
  }
  return undefined;
}

/** `enum` (with the legacy `enumNames`), `oneOf`/`anyOf` of `{ const, title }`; undefined when neither. */
function choiceOptions(p: Json): ChoiceOption[] | undefined {
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    return p.enum.map((v, i) => {
      const name: unknown = names[i];
      return { value: String(v), label: printable(typeof name === "string" ? name : String(v), 80) };
    });
  }
  const list = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : undefined;
  if (list === undefined) return undefined;
  const out: ChoiceOption[] = [];
  for (const o of list) {
    if (!isObject(o) || typeof o.const !== "string") return undefined;
    out.push({ value: o.const, label: printable(typeof o.title === "string" ? o.title : o.const, 80) });
  }
  return out;
}

/** The draft a form opens with: every default filled in, the rest not set. */
export function initialDraft(fields: readonly FormField[]): Draft {
  const draft: Draft = {};
  for (const f of fields) {
    if (f.default === undefined) draft[f.key] = f.kind === "multi" ? [] : undefined;
    else if (f.kind === "number") draft[f.key] = String(f.default);
    else draft[f.key] = f.default;
  }
  return draft;
}

/** The accepted answer's content, or one message per field that is wrong. Optional empty fields are left out. */
export function checkDraft(fields: readonly FormField[], draft: Draft): FormCheck {
  const content: Record<string, ContentValue> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const r = checkField(f, draft[f.key]);
    if (typeof r === "object" && "error" in r) errors[f.key] = r.error;
    else if (r !== undefined) content[f.key] = r;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}

type FieldResult = ContentValue | undefined | { error: string };

function checkField(f: FormField, v: DraftValue): FieldResult {
  const missing =
    v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);
  if (missing && f.kind !== "multi") return f.required ? { error: "required" } : undefined;
  switch (f.kind) {
    case "text":
      return checkText(f, String(v));
    case "number":
      return checkNumber(f, String(v).trim());
    case "boolean":
      return typeof v === "boolean" ? v : { error: "choose yes or no" };
    case "choice": {
      const s = String(v);
      return f.options.some((o) => o.value === s)
        ? s
        : { error: `choose one of: ${f.options.map((o) => o.label).join(", ")}` };
    }
    case "multi": {
      const picked = Array.isArray(v) ? v : [];
      const min = f.minItems ?? (f.required ? 1 : 0);
      if (picked.length === 0 && !f.required && f.minItems === undefined) return undefined;
      if (picked.length < min) return { error: `choose at least ${plural(min, "option")}` };
      if (f.maxItems !== undefined && picked.length > f.maxItems)
        return { error: `choose at most ${plural(f.maxItems, "option")}` };
      return picked;
    }
  }
}

function checkText(f: Extract<FormField, { kind: "text" }>, s: string): FieldResult {
  if (f.minLength !== undefined && s.length < f.minLength)
    return { error: `at least ${plural(f.minLength, "character")}` };
  if (f.maxLength !== undefined && s.length > f.maxLength)
    return { error: `at most ${plural(f.maxLength, "character")}` };
  if (f.format !== undefined && !FORMAT_CHECKS[f.format](s)) return { error: FORMAT_HINTS[f.format] };
  return s;
}

function checkNumber(f: Extract<FormField, { kind: "number" }>, s: string): FieldResult {
  const n = Number(s);
  if (!Number.isFinite(n) || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s))
    return { error: f.integer ? "a whole number" : "a number" };
  if (f.integer && !Number.isInteger(n)) return { error: "a whole number" };
  if (f.minimum !== undefined && n < f.minimum) return { error: `at least ${f.minimum}` };
  if (f.maximum !== undefined && n > f.maximum) return { error: `at most ${f.maximum}` };
  return n;
}

const FORMAT_CHECKS: Record<"email" | "uri" | "date" | "date-time", (s: string) => boolean> = {
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  uri: (s) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(s) && URL.canParse(s),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && validDate(s),
  "date-time": (s) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(s) &&
    validDate(s.slice(0, 10)) &&
    !Number.isNaN(Date.parse(s)),
};

const FORMAT_HINTS: Record<"email" | "uri" | "date" | "date-time", string> = {
  email: "an e-mail address (name@example.com)",
  uri: "a URI (https://example.com/…)",
  date: "a date as YYYY-MM-DD",
  "date-time": "a date and time as YYYY-MM-DDTHH:MM:SSZ",
};

/** 2026-02-30 matches the pattern but is no date. */
function validDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
