// Sanitizes one schema node: limits and cycles first, then `$ref`/`allOf` expansion, then either the union
// flattener or the plain path (type decision, object/array children, whitelisted keywords).
import type { Ctx } from "./context.js";
import { addNote, tick } from "./context.js";
import { buildArray } from "./array.js";
import { expandRaw } from "./expand.js";
import { decideType } from "./infer-type.js";
import type { RawObject } from "./json.js";
import { describeKind, isObject, normType, own } from "./json.js";
import { copyKeywords } from "./keywords.js";
import { buildObject } from "./object.js";
import { cleanText, describe } from "./text.js";
import type { JsonSchema, JsonType } from "./types.js";
import { typesOf } from "./types.js";
import { restrictTypes, valueFits } from "./type-keywords.js";
import { sanitizeUnion } from "./unions.js";
import type { Visit, Visited } from "./visited.js";
import { cutNode, NEVER } from "./visited.js";

export const visit: Visit = (input, ctx, depth, path, fallback) => {
  if (input === false) return { ...NEVER };
  const shorthand = normType(input);
  if (shorthand !== undefined) {
    addNote(ctx, path, `schema was the string "${shorthand}", read as {"type": "${shorthand}"}`);
  } else if (!isObject(input) && input !== true) {
    addNote(ctx, path, `${describeKind(input)} is not a schema; any value accepted`);
  }
  const raw: RawObject = shorthand !== undefined ? { type: shorthand } : isObject(input) ? input : {};
  if (depth > ctx.maxDepth) return cutNode(ctx, path, "(schema too deep, cut)");
  if (!tick(ctx)) return cutNode(ctx, path, "(schema too large, cut)");
  if (ctx.stack.has(raw)) return cutNode(ctx, path, "(cyclic object cut)");
  ctx.stack.add(raw);
  // Most nodes have neither `$ref` nor `allOf`: skip the expansion's allocations for them.
  const e =
    raw.$ref === undefined && raw.allOf === undefined
      ? { node: raw, chain: [], cuts: [], never: false }
      : expandRaw(raw, ctx);
  const entered = e.chain.filter((t) => !ctx.stack.has(t));
  for (const t of entered) ctx.stack.add(t);
  try {
    for (const c of e.cuts) addNote(ctx, path, c.replace(/^\((.*)\)$/, "$1"));
    if (e.never) return { ...NEVER };
    // A cut reference stands in for an unknown schema: an object is the closest honest guess.
    const fb = e.cuts.length > 0 ? "object" : fallback;
    if (Array.isArray(own(e.node, "anyOf")) || Array.isArray(own(e.node, "oneOf"))) {
      return sanitizeUnion(e.node, ctx, depth, path, fb, e.cuts, visit);
    }
    return sanitizePlain(e.node, ctx, depth, path, fb, e.cuts);
  } finally {
    ctx.stack.delete(raw);
    for (const t of entered) ctx.stack.delete(t);
  }
};

function sanitizePlain(
  node: RawObject,
  ctx: Ctx,
  depth: number,
  path: string,
  fallback: JsonType,
  notes: string[],
): Visited {
  const decision = decideType(node, fallback);
  const out: JsonSchema = { type: decision.type };
  const types = typesOf(out);
  const title = cleanText(own(node, "title"));
  if (title !== undefined) out.title = describe(title, [], ctx.maxDescription);
  const description = describe(cleanText(own(node, "description")), notes, ctx.maxDescription);
  if (description !== undefined) out.description = description;
  // A type list keeps each type's keywords: JSON Schema applies them only to values of that type.
  if (types.includes("object")) buildObject(node, out, ctx, depth, path, visit);
  if (types.includes("array")) buildArray(node, out, ctx, depth, path, visit);
  copyKeywords(node, out, ctx);
  // With an enum the values are all there is: a type list shrinks to the types of the values kept.
  const values = out.enum;
  const schema =
    types.length > 1 && values !== undefined
      ? restrictTypes(
          out,
          types.filter((t) => values.some((v) => valueFits(v, t))),
        )
      : out;
  return { schema, optional: decision.nullable, never: false };
}
