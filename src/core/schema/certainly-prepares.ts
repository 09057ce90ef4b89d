// Whether `prepareToolSchema` is certain to accept a tool's input schema, decided without sanitizing it, so a
// host that may never send the schema (`mcp search`: 5 000 schemas sanitized for ten result rows) can register
// the tool at once and sanitize its schema when it is first read. Exact where it says yes, by the sanitizer's
// own rules: a tool is refused only when the root accepts nothing, resolves to a type other than object, or
// runs out of the node budget. A root typed literally "object" without $ref, allOf, anyOf or oneOf of its own
// takes the plain path, which always resolves to an object (a property that accepts nothing is dropped, not
// passed up). The budget counts the nodes the sanitizer visits; `visitBound` bounds them from above: one per
// JSON value, except that a union visits each variant merged with the union's other keywords (so those count
// once per variant, plus once for the null-only case). $ref and allOf anywhere make it "not certain": inlined
// references have no bound short of resolving them. Anything not certain (false): the caller sanitizes.
import { DEFAULT_LIMITS } from "./context.js";

/** Deeper than this the walk gives up (false): the sanitizer cuts at 32, and a cycle never ends. */
const MAX_WALK_DEPTH = 64;

export function certainlyPrepares(raw: unknown, maxNodes: number = DEFAULT_LIMITS.maxNodes): boolean {
  if (!isPlainRecord(raw) || !Object.hasOwn(raw, "type") || raw.type !== "object") return false;
  if (Object.hasOwn(raw, "anyOf") || Object.hasOwn(raw, "oneOf")) return false;
  try {
    return visitBound(raw, 0, maxNodes) <= maxNodes;
  } catch {
    // A hostile object (a throwing getter, a proxy): the sanitizer decides.
    return false;
  }
}

/**
 * At least as many nodes as sanitizing `v` visits, or some number over `budget` (the walk stops once past it);
 * Infinity for $ref or allOf, or a walk too deep.
 */
export function visitBound(v: unknown, depth: number, budget: number): number {
  if (typeof v !== "object" || v === null) return 1;
  if (depth > MAX_WALK_DEPTH) return Infinity;
  let n = 1;
  if (Array.isArray(v)) {
    for (const x of v) {
      n += visitBound(x, depth + 1, budget - n);
      if (n > budget) return n;
    }
    return n;
  }
  if (Object.hasOwn(v, "$ref") || Object.hasOwn(v, "allOf")) return Infinity;
  const o = v as Record<string, unknown>;
  // As the sanitizer reads a union: anyOf when it is a list, else oneOf; the other keywords are shared.
  const variants = Array.isArray(o.anyOf) ? o.anyOf : Array.isArray(o.oneOf) ? o.oneOf : undefined;
  for (const [k, x] of Object.entries(o)) {
    if (variants !== undefined && (k === "anyOf" || k === "oneOf")) continue;
    n += visitBound(x, depth + 1, budget - n);
    if (n > budget) return n;
  }
  if (variants === undefined) return n;
  // The union node, each variant merged with the shared keywords, and the null-only case (shared again).
  const shared = n;
  n = 1 + shared;
  for (const x of variants as unknown[]) {
    n += visitBound(x, depth + 1, budget - n) + shared;
    if (n > budget) return n;
  }
  return n;
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
