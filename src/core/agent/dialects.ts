// Schema dialects (§15.4): what each provider family gets as a tool's input schema, decided at request
// time. The portable schema of §6 (no combinators, one type per node) is what every API accepts, and the
// fallback. Providers that take nested unions get them back from the server's raw schema, each variant
// sanitized on its own, so `string | string[]` is offered as exactly that instead of a flattened type.
// Pure: never mutates, never throws; anything it cannot rebuild stays as the portable schema has it.
import { isObject, omit, own, type RawObject } from "../schema/json.js";
import { sanitizeSchema } from "../schema/sanitize.js";
import type { JsonSchema, ObjectSchema } from "../schema/types.js";
import { geminiFix } from "./dialect-gemini.js";
import type { ProviderName } from "./providers.js";

/**
 * openai: nested anyOf allowed, sent with strict mode off (strict would demand every property required
 * and additionalProperties false everywhere; MCP schemas are not written for it).
 * anthropic: nested anyOf allowed; no combinator at the top level (input_schema must be an object).
 * portable: the §6 schema as is (chat-completions servers: vLLM, llama.cpp, Ollama templates differ).
 * gemini: nested anyOf allowed (the AI SDK converts to Gemini's OpenAPI subset); enums of one primitive type
 * each and `required` only of declared properties (dialect-gemini.ts).
 */
export type Dialect = "openai" | "anthropic" | "gemini" | "portable";

export function dialectFor(provider: ProviderName | undefined): Dialect {
  switch (provider) {
    case "openai":
      return "openai";
    case "anthropic":
      return "anthropic";
    case "google":
      return "gemini";
    default:
      return "portable";
  }
}

export type DialectSchema = Record<string, unknown>;

/** The input schema a provider of this dialect gets for one tool. */
export function applyDialect(dialect: Dialect, portable: ObjectSchema, raw: unknown): DialectSchema {
  switch (dialect) {
    case "portable":
      return plain(portable);
    case "openai":
      return openaiSchema(portable, raw);
    case "anthropic":
      return anthropicSchema(portable, raw);
    case "gemini":
      return geminiFix(withUnions(portable, raw));
  }
}

/** Unions come back below the root; the root stays the portable object (a root union is never rebuilt). */
export function openaiSchema(portable: ObjectSchema, raw: unknown): DialectSchema {
  return withUnions(portable, raw);
}

/**
 * The same as OpenAI's today: the only Anthropic rule that differs from the portable subset is "no
 * combinator at the top level", and `withUnions` only rebuilds unions inside properties.
 */
export function anthropicSchema(portable: ObjectSchema, raw: unknown): DialectSchema {
  return withUnions(portable, raw);
}

function plain(s: ObjectSchema): DialectSchema {
  return s as unknown as DialectSchema;
}

const MAX_DEPTH = 32;

interface Walk {
  root: RawObject;
  depth: number;
  /** `$ref`s being followed (a cycle stops the walk there). */
  refs: ReadonlySet<string>;
}

/** The portable schema with the unions of the raw schema restored wherever they sit below the root. */
export function withUnions(portable: ObjectSchema, raw: unknown): DialectSchema {
  if (!isObject(raw)) return plain(portable);
  const found = deref(raw, { root: raw, depth: 0, refs: new Set() });
  if (found === undefined) return plain(portable);
  const props = restoreProperties(portable, found.raw, found.walk);
  return props === portable.properties ? plain(portable) : { ...portable, properties: props };
}

function restoreProperties(p: JsonSchema, raw: RawObject, w: Walk): Record<string, unknown> | undefined {
  const rawProps = own(raw, "properties");
  if (p.properties === undefined || !isObject(rawProps)) return p.properties;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(p.properties)) {
    if (!Object.hasOwn(rawProps, key)) continue;
    const next = restore(p.properties[key]!, rawProps[key], w);
    if (next !== p.properties[key]) {
      out ??= { ...p.properties };
      out[key] = next;
    }
  }
  return out ?? p.properties;
}

function restore(p: JsonSchema, rawIn: unknown, w: Walk): unknown {
  if (w.depth > MAX_DEPTH) return p;
  const found = deref(rawIn, w);
  if (found === undefined) return p;
  const { raw, walk } = found;
  const key = Array.isArray(own(raw, "anyOf"))
    ? "anyOf"
    : Array.isArray(own(raw, "oneOf"))
      ? "oneOf"
      : undefined;
  if (key !== undefined) {
    const variants = (own(raw, key) as unknown[]).filter((v) => !isNull(v) && !isNever(v));
    if (variants.length === 1) return restore(p, mergeSiblings(raw, variants[0]), walk);
    if (variants.length > 1) return union(p, raw, variants, walk) ?? p;
    return p;
  }
  if (p.type === "object") {
    const props = restoreProperties(p, raw, walk);
    return props === p.properties ? p : { ...p, properties: props };
  }
  if (p.type === "array" && p.items !== undefined) {
    const items = restore(p.items, own(raw, "items"), walk);
    return items === p.items ? p : { ...p, items };
  }
  return p;
}

/** `{anyOf: [...]}` with each variant sanitized alone (and its own unions restored), or undefined. */
function union(p: JsonSchema, raw: RawObject, variants: unknown[], w: Walk): DialectSchema | undefined {
  const out: unknown[] = [];
  const next: Walk = { ...w, depth: w.depth + 1 };
  for (const v of variants) {
    const merged = mergeSiblings(raw, v);
    const s = sanitizeVariant(merged, w.root);
    if (s === undefined) return undefined;
    out.push(restore(s, merged, next));
  }
  const u: DialectSchema = { anyOf: out };
  if (p.title !== undefined) u.title = p.title;
  // The union's own text, cleaned as §6 cleans it, without the "(one of: …)" note of the flattened form.
  const text = ownText(raw, w.root);
  if (text !== undefined) u.description = text;
  if (p.default !== undefined) u.default = p.default;
  return u;
}

/** One variant through the §6 sanitizer, with the root's definitions so its `$ref`s resolve. */
function sanitizeVariant(v: unknown, root: RawObject): JsonSchema | undefined {
  const wrapper: RawObject = { type: "object", properties: { v }, required: ["v"] };
  for (const k of ["$defs", "definitions"]) if (isObject(own(root, k))) wrapper[k] = own(root, k);
  const s = sanitizeSchema(wrapper).schema.properties.v;
  return s;
}

function ownText(raw: RawObject, root: RawObject): string | undefined {
  const d = own(raw, "description");
  if (typeof d !== "string") return undefined;
  return sanitizeVariant({ type: "string", description: d }, root)?.description;
}

/** The union node's other keywords apply to each variant (its description describes the whole). */
function mergeSiblings(node: RawObject, variant: unknown): RawObject {
  const shared = omit(node, ["anyOf", "oneOf", "description", "title", "default"]);
  return isObject(variant) ? { ...shared, ...variant } : shared;
}

function deref(v: unknown, w: Walk): { raw: RawObject; walk: Walk } | undefined {
  let raw = v;
  let refs = w.refs;
  for (let hops = 0; isObject(raw) && typeof own(raw, "$ref") === "string"; hops++) {
    const ref = own(raw, "$ref") as string;
    if (refs.has(ref) || hops > 8) return undefined;
    refs = new Set([...refs, ref]);
    raw = pointer(w.root, ref);
  }
  return isObject(raw) ? { raw, walk: { root: w.root, depth: w.depth + 1, refs } } : undefined;
}

function pointer(root: RawObject, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let cur: unknown = root;
  for (const seg of ref
    .slice(1)
    .split("/")
    .filter((s) => s !== "")) {
    const k = decodeURIComponent(seg).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(cur) || !Object.hasOwn(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

function isNull(v: unknown): boolean {
  return (
    isObject(v) &&
    own(v, "type") === "null" &&
    Object.keys(v).every((k) => ["type", "description", "title"].includes(k))
  );
}

function isNever(v: unknown): boolean {
  if (v === false) return true;
  if (!isObject(v) || Object.keys(v).length !== 1) return false;
  const not = own(v, "not");
  return not === true || (isObject(not) && Object.keys(not).length === 0);
}
