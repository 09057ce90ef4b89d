// The shape of what the sanitizer emits: a small, plain-JSON subset of JSON Schema that every major
// function-calling API accepts. Every node has exactly one `type`; no `$` keywords, no combinators.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonType = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";

export interface JsonSchema {
  type: JsonType;
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
