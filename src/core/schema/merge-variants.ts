// Flattens sanitized union variants into one schema. Rule: the most structured type present wins
// (object > array > string > number/integer > boolean); variants of that type are merged — objects unite
// their properties (required only where every object variant requires it), arrays merge their items,
// scalars unite their enums. A lossy merge is described as "(one of: …)" so the model still learns the
// alternatives.
import { cut as cutText, printable } from "../text/printable.js";
import { setOwn } from "./json.js";
import { pickPermissive } from "./infer-type.js";
import { describe } from "./text.js";
import type { JsonSchema, JsonValue } from "./types.js";

export interface Merged {
  schema: JsonSchema;
  /** "(one of: …)" when the merged schema accepts less than the union did, else undefined. */
  note?: string;
}

export function mergeVariants(variants: JsonSchema[], maxDescription: number): Merged {
  const [first] = variants;
  if (first === undefined) return { schema: { type: "string" } };
  if (variants.length === 1) return { schema: first };
  const types = new Set(variants.map((v) => v.type));
  const winner = pickPermissive(types.has("number") ? [...types].filter((t) => t !== "integer") : types);
  // Integers are numbers: next to a number variant they lose nothing by being read as one.
  const asWinner = (v: JsonSchema): JsonSchema =>
    winner === "number" && v.type === "integer" ? { ...v, type: "number" } : v;
  const chosen = variants
    .filter((v) => v.type === winner || (winner === "number" && v.type === "integer"))
    .map(asWinner);
  const lossless =
    chosen.length === variants.length &&
    (allEqual(chosen) || chosen.every((v) => v.enum !== undefined && v.type !== "object"));
  const schema = allEqual(chosen) ? chosen[0]! : mergeSameType(chosen, winner, maxDescription);
  return lossless ? { schema } : { schema, note: `(one of: ${summary(variants)})` };
}

function mergeSameType(chosen: JsonSchema[], type: JsonSchema["type"], max: number): JsonSchema {
  const out: JsonSchema = { type };
  const description = chosen.find((v) => v.description !== undefined)?.description;
  if (description !== undefined) out.description = description;
  if (type === "object") {
    const byKey = new Map<string, JsonSchema[]>();
    for (const v of chosen) {
      for (const [k, s] of Object.entries(v.properties ?? {})) byKey.set(k, [...(byKey.get(k) ?? []), s]);
    }
    const properties: Record<string, JsonSchema> = {};
    for (const [k, list] of byKey) setOwn(properties, k, withNote(mergeVariants(list, max), max));
    out.properties = properties;
    const required = [...byKey.keys()].filter((k) => chosen.every((v) => v.required?.includes(k) === true));
    if (required.length > 0) out.required = required;
    if (chosen.every((v) => v.additionalProperties === false)) out.additionalProperties = false;
  } else if (type === "array") {
    out.items = withNote(
      mergeVariants(
        chosen.map((v) => v.items ?? { type: "string" }),
        max,
      ),
      max,
    );
  } else if (chosen.every((v) => v.enum !== undefined)) {
    const seen = new Set<string>();
    const values: JsonValue[] = [];
    for (const value of chosen.flatMap((v) => v.enum ?? [])) {
      const key = JSON.stringify(value);
      if (!seen.has(key)) values.push(value);
      seen.add(key);
    }
    out.enum = values;
  }
  return out;
}

export function withNote(m: Merged, max: number): JsonSchema {
  if (m.note === undefined) return m.schema;
  const description = describe(m.schema.description, [m.note], max);
  return description === undefined ? m.schema : { ...m.schema, description };
}

function allEqual(vs: JsonSchema[]): boolean {
  const key = (v: JsonSchema) => JSON.stringify({ ...v, description: undefined, title: undefined });
  const k0 = vs[0] === undefined ? "" : key(vs[0]);
  return vs.every((v) => key(v) === k0);
}

function summary(vs: JsonSchema[]): string {
  const parts = [...new Set(vs.map((v) => brief(v, 0)))];
  const text = parts.join(" | ");
  return cutText(text, 300);
}

/** A short human/model-readable form: `"a" | "b"`, `{path, recursive?}`, `array of string`. */
function brief(v: JsonSchema, depth: number): string {
  if (v.enum !== undefined)
    return list(
      v.enum.map((e) => cut(JSON.stringify(e), 40)),
      " | ",
    );
  if (v.type === "object") {
    const req = new Set(v.required ?? []);
    const names = Object.keys(v.properties ?? {}).map((k) => cut(k, 40) + (req.has(k) ? "" : "?"));
    const shape = names.length === 0 ? "" : ` {${list(names, ", ")}}`;
    return `${v.title === undefined ? "object" : cut(v.title, 40)}${shape}`;
  }
  if (v.type === "array")
    return depth >= 2 || v.items === undefined ? "array" : `array of ${brief(v.items, depth + 1)}`;
  return v.type;
}

function list(items: string[], sep: string): string {
  return items.length > 6 ? `${items.slice(0, 6).join(sep)}${sep}…` : items.join(sep);
}

/** Property names and values are the server's text: printable, one line, short. */
const cut = printable;
