// Whether `prepareToolSchema` is certain to accept a tool's input schema, decided without sanitizing it, so a
// host that may never send the schema (`mcp search`: 5 000 schemas sanitized for ten result rows) can register
// the tool at once and sanitize its schema when it is first read. Exact where it says yes, by the sanitizer's
// own rules: a tool is refused only when the root accepts nothing, resolves to a type other than object, or
// runs out of the node budget. A root typed literally "object" without $ref, allOf, anyOf or oneOf of its own
// takes the plain path, which always resolves to an object (a property that accepts nothing is dropped, not
// passed up). The budget counts the nodes the sanitizer visits; `visitBound` bounds them from above: one per
// JSON value, except that a union visits each variant merged with the union's other keywords (so those count
// once per variant, plus once for the null-only case), and a `$ref` counts as the node the sanitizer makes of
// it, its target merged with its other keywords, cut where the target is already being visited (the sanitizer
// cuts at least there). allOf anywhere makes it "not certain". Anything not certain (false): the caller
// sanitizes.
import { DEFAULT_LIMITS } from "./context.js";
import { mergeRaw } from "./expand.js";
import { isObject, omit } from "./json.js";
import { resolveRef } from "./refs.js";

/** Deeper than this the walk gives up (false): the sanitizer cuts at 32, and a cycle never ends. */
const MAX_WALK_DEPTH = 64;

export function certainlyPrepares(raw: unknown, maxNodes: number = DEFAULT_LIMITS.maxNodes): boolean {
  if (!isPlainRecord(raw) || !Object.hasOwn(raw, "type") || raw.type !== "object") return false;
  if (Object.hasOwn(raw, "anyOf") || Object.hasOwn(raw, "oneOf")) return false;
  // A reference at the root may resolve to anything.
  if (Object.hasOwn(raw, "$ref")) return false;
  try {
    return visitBound(raw, 0, maxNodes) <= maxNodes;
  } catch {
    // A hostile object (a throwing getter, a proxy): the sanitizer decides.
    return false;
  }
}

/**
 * At least as many nodes as sanitizing `v` visits (a node of the schema `root`, whose references are resolved
 * in it), or some number over `budget` (the walk stops once past it); Infinity for allOf, or a walk too deep.
 * `entered`: the reference targets being visited above `v`.
 */
export function visitBound(
  v: unknown,
  depth: number,
  budget: number,
  root: unknown = v,
  entered: Set<object> = new Set(),
): number {
  if (typeof v !== "object" || v === null) return 1;
  if (depth > MAX_WALK_DEPTH) return Infinity;
  let n = 1;
  if (Array.isArray(v)) {
    for (const x of v) {
      n += visitBound(x, depth + 1, budget - n, root, entered);
      if (n > budget) return n;
    }
    return n;
  }
  if (Object.hasOwn(v, "allOf")) return Infinity;
  const o = v as Record<string, unknown>;
  if (typeof o.$ref === "string") return 1 + refBound(o, o.$ref, depth, budget - 1, root, entered);
  // As the sanitizer reads a union: anyOf when it is a list, else oneOf; the other keywords are shared.
  const variants = Array.isArray(o.anyOf) ? o.anyOf : Array.isArray(o.oneOf) ? o.oneOf : undefined;
  // for…in over own keys: Object.entries made an array per node, about a third of the walk.
  for (const k in o) {
    if (!Object.hasOwn(o, k) || (variants !== undefined && (k === "anyOf" || k === "oneOf"))) continue;
    n += visitBound(o[k], depth + 1, budget - n, root, entered);
    if (n > budget) return n;
  }
  if (variants === undefined) return n;
  // The union node, each variant merged with the shared keywords, and the null-only case (shared again).
  const shared = n;
  n = 1 + shared;
  for (const x of variants as unknown[]) {
    n += visitBound(x, depth + 1, budget - n, root, entered) + shared;
    if (n > budget) return n;
  }
  return n;
}

/**
 * The node the sanitizer makes of `o`'s `$ref` (expand.ts): its target merged with `o`'s other keywords; only
 * those when the target is missing, not a schema, or already being visited (where the sanitizer cuts too).
 */
function refBound(
  o: Record<string, unknown>,
  ref: string,
  depth: number,
  budget: number,
  root: unknown,
  entered: Set<object>,
): number {
  const siblings = omit(o, ["$ref"]);
  const r = resolveRef(ref, root);
  if (!r.found || r.target === true || !isObject(r.target) || entered.has(r.target))
    return visitBound(siblings, depth + 1, budget, root, entered);
  entered.add(r.target);
  try {
    return visitBound(mergeRaw(r.target, siblings), depth + 1, budget, root, entered);
  } finally {
    entered.delete(r.target);
  }
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
