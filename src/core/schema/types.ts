// The shape of what the sanitizer emits: a small, plain-JSON subset of JSON Schema that every major
// function-calling API accepts. Every node has a `type`: one, or (where a union's variants differ in type,
// `string | string[]`) a list of them, so no value the server accepts is refused; no `$` keywords, no
// combinators.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonType = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";

export interface JsonSchema {
  /** A list only for values of several types: at least two, in `TYPE_PRECEDENCE` order. "null" is in
   * one only where null is a value of its own (array items); elsewhere it makes the property optional. */
  type: JsonType | JsonType[];
  title?: string;
  description?: string;
  // object
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  // array
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  // string
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  // number / integer
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  // any type
  enum?: JsonValue[];
  default?: JsonValue;
}

/** A tool's input schema as sent to a model: always an object with `properties`. */
export interface ObjectSchema extends JsonSchema {
  type: "object";
  properties: Record<string, JsonSchema>;
}

export interface SanitizeOptions {
  /** Schema nesting levels kept (a union counts as a level); also caps `$ref` chains. Default 32. */
  maxDepth?: number;
  /** Schema nodes and JSON values visited per schema; default 10 000. */
  maxNodes?: number;
  /** Longest `description` / `title`, in UTF-16 units; default 1000. */
  maxDescription?: number;
}

/** Every type, in the order that decides which wins when a value may be of several (most structure
 * first; among scalars, string — the value a model can always produce). */
export const TYPE_PRECEDENCE: readonly JsonType[] = [
  "object",
  "array",
  "string",
  "number",
  "integer",
  "boolean",
  "null",
];

/** The types a node accepts, as a list. */
export function typesOf(s: { type: JsonType | JsonType[] }): JsonType[] {
  return Array.isArray(s.type) ? s.type : [s.type];
}

/** One type, or the list of several in precedence order (integer folded into number when both). */
export function typeOrList(types: Iterable<JsonType>): JsonType | JsonType[] {
  const set = new Set(types);
  if (set.has("number")) set.delete("integer");
  const list = TYPE_PRECEDENCE.filter((t) => set.has(t));
  return list.length === 1 ? list[0]! : list.length === 0 ? "string" : list;
}
