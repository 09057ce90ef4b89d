// The annotation and validation keywords kept on a node (a whitelist per type), plus `enum`/`const` and
// `default` as bounded JSON copies. Everything else (`$…`, `not`, `if`, `patternProperties`, …) is dropped.
import type { Ctx } from "./context.js";
import { tick } from "./context.js";
import type { RawObject } from "./json.js";
import { cloneJson, own } from "./json.js";
import type { JsonSchema, JsonType, JsonValue } from "./types.js";
import { typesOf } from "./types.js";

type NumberKey =
  | "minLength"
  | "maxLength"
  | "minimum"
  | "maximum"
  | "exclusiveMinimum"
  | "exclusiveMaximum"
  | "multipleOf"
  | "minItems"
  | "maxItems"
  | "minProperties"
  | "maxProperties";

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

const NUMBER_KEYWORDS: Partial<Record<JsonType, [NumberKey, (v: unknown) => v is number][]>> = {
  string: [
    ["minLength", isCount],
    ["maxLength", isCount],
  ],
  number: [
    ["minimum", isFiniteNumber],
    ["maximum", isFiniteNumber],
    ["exclusiveMinimum", isFiniteNumber],
    ["exclusiveMaximum", isFiniteNumber],
    ["multipleOf", (v): v is number => isFiniteNumber(v) && v > 0],
  ],
  array: [
    ["minItems", isCount],
    ["maxItems", isCount],
  ],
  object: [
    ["minProperties", isCount],
    ["maxProperties", isCount],
  ],
};
NUMBER_KEYWORDS.integer = NUMBER_KEYWORDS.number;

export function copyKeywords(node: RawObject, out: JsonSchema, ctx: Ctx): void {
  const types = typesOf(out);
  for (const [key, valid] of types.flatMap((t) => NUMBER_KEYWORDS[t] ?? [])) {
    const v = own(node, key);
    if (valid(v)) out[key] = v === 0 ? 0 : v; // -0 is not JSON: it would come back as 0
  }
  if (types.includes("string")) {
    const format = own(node, "format");
    if (typeof format === "string" && format.length <= 100) out.format = format;
    const pattern = own(node, "pattern");
    if (typeof pattern === "string" && isValidPattern(pattern)) out.pattern = pattern;
  }
  if (types.includes("array") && typeof own(node, "uniqueItems") === "boolean") {
    out.uniqueItems = own(node, "uniqueItems") as boolean;
  }
  const values = enumValues(node, ctx, types.includes("null") ? "null" : types[0]!);
  if (values !== undefined) out.enum = values;
  const dflt = copy(own(node, "default"), ctx);
  // `default: null` on a non-null type only repeats that the value is optional.
  if (dflt !== undefined && (dflt !== null || out.type === "null")) out.default = dflt;
}

/** `const: x` becomes `enum: [x]`; duplicates and (unless the type is null) nulls are dropped. */
function enumValues(node: RawObject, ctx: Ctx, type: JsonType): JsonValue[] | undefined {
  const raw = Object.hasOwn(node, "const") ? [own(node, "const")] : own(node, "enum");
  if (!Array.isArray(raw)) return undefined;
  const seen = new Set<string>();
  const out: JsonValue[] = [];
  for (const v of raw as unknown[]) {
    if (ctx.nodeCapHit) break;
    const c = copy(v, ctx);
    if (c === undefined || (c === null && type !== "null")) continue;
    const key = JSON.stringify(c);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out.length > 0 ? out : undefined;
}

function copy(v: unknown, ctx: Ctx): JsonValue | undefined {
  return v === undefined ? undefined : cloneJson(v, ctx.maxDepth, () => tick(ctx));
}

/** Providers compile `pattern` as an ECMAScript regex with the u flag; one that does not compile is dropped. */
function isValidPattern(p: string): boolean {
  if (p.length > 1000) return false;
  try {
    new RegExp(p, "u");
    return true;
  } catch {
    return false;
  }
}
