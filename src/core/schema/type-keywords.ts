// Which output keywords belong to which type. A node with a type list carries each type's keywords side by
// side (JSON Schema applies `properties` only to objects, `items` only to arrays, …), so narrowing or
// splitting a node by type is a matter of keeping the keywords of the types kept.
import type { JsonSchema, JsonType } from "./types.js";
import { typeOrList, typesOf } from "./types.js";

const NUMERIC: (keyof JsonSchema)[] = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
];

export const TYPE_KEYWORDS: Record<JsonType, (keyof JsonSchema)[]> = {
  object: ["properties", "required", "additionalProperties", "minProperties", "maxProperties"],
  array: ["items", "minItems", "maxItems", "uniqueItems"],
  string: ["minLength", "maxLength", "pattern", "format"],
  number: NUMERIC,
  integer: NUMERIC,
  boolean: [],
  null: [],
};

/** `s` accepting only `keep` of its types: the other types' keywords go (and enum values of them). */
export function restrictTypes(s: JsonSchema, keep: readonly JsonType[]): JsonSchema {
  const before = typesOf(s);
  const kept = before.filter((t) => keep.includes(t));
  if (kept.length === before.length || kept.length === 0) return s;
  const out: JsonSchema = { ...s, type: typeOrList(kept) };
  const stay = new Set(kept.flatMap((t) => TYPE_KEYWORDS[t]));
  for (const t of before) for (const k of TYPE_KEYWORDS[t]) if (!stay.has(k)) delete out[k];
  if (out.enum !== undefined) {
    const values = out.enum.filter((v) => kept.some((t) => valueFits(v, t)));
    // No value left (the enum never fitted its type): dropping it is the side that refuses nothing.
    if (values.length > 0) out.enum = values;
    else delete out.enum;
  }
  return out;
}

export function valueFits(v: unknown, t: JsonType): boolean {
  if (t === "integer") return Number.isInteger(v);
  if (v === null) return t === "null";
  if (Array.isArray(v)) return t === "array";
  return typeof v === "object" ? t === "object" : typeof v === t;
}

/** `s` also accepting null: where null is a value of its own (array items, map values), not "omitted". */
export function withNull(s: JsonSchema): JsonSchema {
  const types = typesOf(s);
  if (types.includes("null")) return s;
  const out: JsonSchema = { ...s, type: typeOrList([...types, "null"]) };
  if (out.enum !== undefined) out.enum = [...out.enum, null];
  return out;
}
