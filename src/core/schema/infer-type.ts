// Decides the `type` a node gets: the declared one (case forgiven), every non-null type of a type array
// (with `null` meaning optional), or one inferred from the keywords present (mixed enum values: their types).
import type { RawObject } from "./json.js";
import { jsonTypeOf, normType, own } from "./json.js";
import type { JsonType, JsonValue } from "./types.js";
import { typeOrList } from "./types.js";

export interface TypeDecision {
  /** A list when several non-null types were declared (or enum values are of several types). */
  type: JsonType | JsonType[];
  /** `null` was allowed (type array, `nullable: true`, `null` in enum): the property becomes optional. */
  nullable: boolean;
}

const OBJECT_KEYS = [
  "properties",
  "additionalProperties",
  "patternProperties",
  "minProperties",
  "maxProperties",
];
const ARRAY_KEYS = ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"];
const STRING_KEYS = ["format", "pattern", "minLength", "maxLength", "contentEncoding", "contentMediaType"];
const NUMBER_KEYS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

/** `fallback` is used when nothing hints at a type: "string" for properties, "object" for the root. */
export function decideType(node: RawObject, fallback: JsonType): TypeDecision {
  const declared = own(node, "type");
  const simple = normType(declared);
  if (simple !== undefined && simple !== "null") {
    const values = own(node, "enum");
    const nullable = own(node, "nullable") === true || (Array.isArray(values) && values.includes(null));
    return { type: simple, nullable };
  }
  const list = Array.isArray(declared) ? (declared as unknown[]) : [declared];
  const types = new Set(list.map(normType).filter((t) => t !== undefined));
  const enumValues = own(node, "enum");
  let nullable = own(node, "nullable") === true || (Array.isArray(enumValues) && enumValues.includes(null));
  if (types.has("null") && types.size > 1) {
    types.delete("null");
    nullable = true;
  }
  if (types.has("number")) types.delete("integer");
  const [only] = types;
  if (only !== undefined && types.size === 1) return { type: only, nullable: nullable && only !== "null" };
  if (types.size > 1) return { type: typeOrList(types), nullable };
  const inferred = inferType(node) ?? fallback;
  // For a null-only value, null is not an alternative: the key stays required.
  return { type: inferred, nullable: nullable && inferred !== "null" };
}

/** The type the keywords imply, or `undefined` when they say nothing. */
export function inferType(node: RawObject): JsonType | JsonType[] | undefined {
  if (Object.hasOwn(node, "const")) return valueType([own(node, "const")]);
  const values = own(node, "enum");
  if (Array.isArray(values) && values.length > 0) return valueType(values);
  const has = (keys: string[]) => keys.some((k) => Object.hasOwn(node, k));
  if (has(OBJECT_KEYS) || Array.isArray(own(node, "required"))) return "object";
  if (has(ARRAY_KEYS)) return "array";
  if (has(STRING_KEYS)) return "string";
  if (has(NUMBER_KEYS)) return "number";
  const dflt = own(node, "default");
  return dflt === undefined || dflt === null ? undefined : valueType([dflt]);
}

/** The type of enum/const values (a list when mixed: `1 | "asc"`); `null`s only make it optional. */
function valueType(values: unknown[]): JsonType | JsonType[] {
  const types = new Set(values.filter((v) => v !== null).map((v) => jsonTypeOf(v as JsonValue)));
  if (types.size === 0) return "null";
  return typeOrList(types);
}
