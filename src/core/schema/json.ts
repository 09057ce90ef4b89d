// Safe access to untrusted JSON-ish objects: own properties only (no prototype lookups, `__proto__` stays a
// key), and a bounded deep copy that turns anything that is not JSON into `undefined`.
import type { JsonType, JsonValue } from "./types.js";
import { TYPE_PRECEDENCE } from "./types.js";

export type RawObject = Record<string, unknown>;

export function isObject(v: unknown): v is RawObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * A schema keyword's value. Keywords are fixed names that `Object.prototype` does not have, so a plain
 * read is safe; keys chosen by the server (property names, pointer segments) go through `Object.hasOwn`.
 */
export function own(o: RawObject, keyword: string): unknown {
  return o[keyword];
}

/** Assignment that creates an own key even for `__proto__`. */
export function setOwn<T>(o: Record<string, T>, key: string, value: NoInfer<T>): void {
  if (key === "__proto__") {
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    o[key] = value;
  }
}

export function omit(o: RawObject, keys: readonly string[]): RawObject {
  const out: RawObject = {};
  for (const k of Object.keys(o)) if (!keys.includes(k)) setOwn(out, k, o[k]);
  return out;
}

export function isJsonType(v: unknown): v is JsonType {
  return typeof v === "string" && (TYPE_PRECEDENCE as readonly string[]).includes(v);
}

/** `type` values as servers write them: case is forgiven ("STRING" is Gemini's spelling). */
export function normType(v: unknown): JsonType | undefined {
  if (typeof v !== "string") return undefined;
  const t = v.toLowerCase();
  return isJsonType(t) ? t : undefined;
}

export function jsonTypeOf(v: JsonValue): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  switch (typeof v) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    default:
      return "object";
  }
}

/**
 * Deep copy of a JSON value. `undefined` when `v` is not JSON (functions, NaN, bigint…), nests deeper
 * than `maxDepth` (this is also what stops cyclic objects) or when `tick` reports the budget spent.
 */
export function cloneJson(v: unknown, maxDepth: number, tick: () => boolean): JsonValue | undefined {
  if (!tick()) return undefined;
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  // -0 is not JSON (it comes back as 0); NaN and the infinities are not either.
  if (typeof v === "number") return Number.isFinite(v) ? (v === 0 ? 0 : v) : undefined;
  if (typeof v !== "object" || maxDepth <= 0) return undefined;
  if (Array.isArray(v)) {
    const out: JsonValue[] = [];
    for (const item of v as unknown[]) {
      const c = cloneJson(item, maxDepth - 1, tick);
      if (c === undefined) return undefined;
      out.push(c);
    }
    return out;
  }
  const out: { [key: string]: JsonValue } = {};
  for (const k of Object.keys(v)) {
    const c = cloneJson((v as RawObject)[k], maxDepth - 1, tick);
    if (c === undefined) return undefined;
    setOwn(out, k, c);
  }
  return out;
}

/** For notes: "null", "an array", "the string \"x\"", "a number". */
export function describeKind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v)}`;
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}
