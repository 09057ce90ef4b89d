// Flattens sanitized union variants into one schema that accepts every value any variant accepts (§6:
// never narrower than the union). Variants are grouped by type; each group is merged — objects unite their
// properties (required only where every object variant requires it), arrays merge their items, scalars
// unite their enums — and several groups become one node with a list of types, each type keeping its own
// keywords (JSON Schema applies `properties` only to objects, `items` only to arrays, …). What the merge
// cannot say exactly is dropped (never added) and described as "(one of: …)", so the model still learns
// the alternatives.
import { stripControlLine } from "../text/strip.js";
import { setOwn } from "./json.js";
import { describe } from "./text.js";
import type { JsonSchema, JsonType, JsonValue } from "./types.js";
import { TYPE_PRECEDENCE, typeOrList, typesOf } from "./types.js";
import { restrictTypes, TYPE_KEYWORDS, valueFits } from "./type-keywords.js";

export interface Merged {
  schema: JsonSchema;
  /** "(one of: …)" when the variants differ (in type, or lossily within a type), else undefined. */
  note?: string;
}

export function mergeVariants(variants: JsonSchema[], maxDescription: number): Merged {
  const [first] = variants;
  if (first === undefined) return { schema: { type: "string" } };
  if (variants.length === 1) return { schema: first };
  if (allEqual(variants)) return { schema: first };
  // A variant with a type list is read as one variant per type (its keywords split by type).
  const single = variants.flatMap(splitByType);
  const present = new Set(single.map((v) => v.type as JsonType));
  // Integers are numbers: next to a number variant they lose nothing by being read as one.
  const asNumber = present.has("number");
  const groups = new Map<JsonType, JsonSchema[]>();
  for (const v of single) {
    const t = asNumber && v.type === "integer" ? "number" : (v.type as JsonType);
    groups.set(t, [...(groups.get(t) ?? []), t === v.type ? v : { ...v, type: t }]);
  }
  const merged = TYPE_PRECEDENCE.filter((t) => groups.has(t)).map((t) => {
    const g = groups.get(t)!;
    const lossless = allEqual(g) || g.every((v) => v.enum !== undefined && v.type !== "object");
    return { schema: allEqual(g) ? g[0]! : mergeSameType(g, t, maxDescription), lossless };
  });
  const note = `(one of: ${summary(variants)})`;
  if (merged.length === 1) {
    const [only] = merged;
    return only!.lossless ? { schema: only!.schema } : { schema: only!.schema, note };
  }
  return { schema: combine(merged.map((m) => m.schema)), note };
}

/** One node accepting the values of every group (each group of a different type). */
function combine(groups: JsonSchema[]): JsonSchema {
  const out: JsonSchema = { type: typeOrList(groups.map((g) => g.type as JsonType)) };
  const description = groups.find((g) => g.description !== undefined)?.description;
  if (description !== undefined) out.description = description;
  for (const g of groups) {
    for (const k of TYPE_KEYWORDS[g.type as JsonType]) {
      if (g[k] !== undefined) Object.assign(out, { [k]: g[k] });
    }
  }
  // An enum constrains every type of the node: kept only when every group is an enum (then exact), and
  // then the values are all there is — the types shrink to theirs.
  if (!groups.every((g) => g.enum !== undefined)) return out;
  const types = typesOf(out);
  const values = uniqueValues(groups.flatMap((g) => g.enum ?? [])).filter((v) =>
    types.some((t) => valueFits(v, t)),
  );
  // No value fits (the enums never fitted their types): dropping them is the side that refuses nothing.
  if (values.length === 0) return out;
  // Values in the order of their types, as a second pass (which splits the node by type) would list them.
  const rank = (v: JsonValue) => types.findIndex((t) => valueFits(v, t));
  out.enum = values.sort((a, b) => rank(a) - rank(b));
  return restrictTypes(
    out,
    types.filter((t) => values.some((v) => valueFits(v, t))),
  );
}

/** `{type: [a, b], …}` → `{type: a, a's keywords}`, `{type: b, b's keywords}`; a single type as is. */
function splitByType(v: JsonSchema): JsonSchema[] {
  if (!Array.isArray(v.type)) return [v];
  return v.type.map((t) => {
    const out: JsonSchema = { type: t };
    if (v.description !== undefined) out.description = v.description;
    if (v.title !== undefined) out.title = v.title;
    for (const k of TYPE_KEYWORDS[t]) if (v[k] !== undefined) Object.assign(out, { [k]: v[k] });
    if (v.enum !== undefined) out.enum = v.enum.filter((e) => valueFits(e, t));
    return out;
  });
}

function uniqueValues(all: JsonValue[]): JsonValue[] {
  const seen = new Set<string>();
  const values: JsonValue[] = [];
  for (const value of all) {
    const key = JSON.stringify(value);
    if (!seen.has(key)) values.push(value);
    seen.add(key);
  }
  return values;
}

function mergeSameType(chosen: JsonSchema[], type: JsonType, max: number): JsonSchema {
  const out: JsonSchema = { type };
  const description = chosen.find((v) => v.description !== undefined)?.description;
  if (description !== undefined) out.description = description;
  if (type === "object") {
    const byKey = new Map<string, JsonSchema[]>();
    for (const v of chosen) {
      for (const [k, s] of Object.entries(v.properties ?? {})) byKey.set(k, [...(byKey.get(k) ?? []), s]);
    }
    const properties: Record<string, JsonSchema> = {};
    // A property that is null in one variant and something else in another is optional (as `X | null`
    // is everywhere in a property), not a property of type null.
    const optional = new Set<string>();
    for (const [k, list] of byKey) {
      const values = list.filter((p) => p.type !== "null");
      if (values.length > 0 && values.length < list.length) optional.add(k);
      setOwn(properties, k, withNote(mergeVariants(values.length > 0 ? values : list, max), max));
    }
    out.properties = properties;
    const required = [...byKey.keys()].filter(
      (k) => !optional.has(k) && chosen.every((v) => v.required?.includes(k) === true),
    );
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
    out.enum = uniqueValues(chosen.flatMap((v) => v.enum ?? []));
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
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
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
  return typesOf(v).join(" | ");
}

function list(items: string[], sep: string): string {
  return items.length > 6 ? `${items.slice(0, 6).join(sep)}${sep}…` : items.join(sep);
}

/** Property names and values are the server's text: printable, one line, short. */
function cut(raw: string, n: number): string {
  const s = stripControlLine(raw);
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
