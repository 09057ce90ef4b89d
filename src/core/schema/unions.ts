// `anyOf` / `oneOf`: `null` variants make the value optional, zod's `{not: {}}` never-variant is dropped,
// one remaining variant is unwrapped, several are flattened by `mergeVariants`. The node's other keywords
// apply to every variant (A and (B or C) = (A and B) or (A and C)); its description describes the whole.
import type { Ctx } from "./context.js";
import { addNote, pointer } from "./context.js";
import type { RawObject } from "./json.js";
import { isObject, normType, omit, own } from "./json.js";
import { mergeRaw } from "./expand.js";
import { mergeVariants } from "./merge-variants.js";
import { cleanText, describe } from "./text.js";
import type { JsonSchema, JsonType } from "./types.js";
import { typesOf } from "./types.js";
import type { Visit, Visited } from "./visited.js";
import { cutNode, NEVER } from "./visited.js";

export function sanitizeUnion(
  node: RawObject,
  ctx: Ctx,
  depth: number,
  path: string,
  fallback: JsonType,
  notes: string[],
  visit: Visit,
): Visited {
  const key = Array.isArray(own(node, "anyOf")) ? "anyOf" : "oneOf";
  const variants = own(node, key) as unknown[];
  const siblings = omit(node, ["anyOf", "oneOf"]);
  if (key === "anyOf" && Array.isArray(own(node, "oneOf"))) addNote(ctx, path, "oneOf next to anyOf ignored");
  const shared = omit(siblings, ["description", "title"]);
  let nullable = false;
  const kept: Visited[] = [];
  for (const [i, v] of variants.entries()) {
    if (ctx.nodeCapHit) break;
    if (isNever(v)) continue;
    if (isNullSchema(v)) {
      nullable = true;
      continue;
    }
    // The variant is visited as a merged copy: keep the original on the cycle stack for refs into it.
    const enter = isObject(v) && !ctx.stack.has(v);
    if (enter) ctx.stack.add(v);
    let r: Visited;
    try {
      r = visit(mergeRaw(isObject(v) ? v : {}, shared), ctx, depth + 1, pointer(path, key, i), fallback);
    } finally {
      if (enter) ctx.stack.delete(v);
    }
    if (r.never) continue;
    if (r.schema.type === "null") nullable = true;
    else kept.push(r);
  }
  if (kept.length === 0) {
    if (ctx.nodeCapHit) return cutNode(ctx, path, "(schema too large, cut)");
    if (!nullable) return { ...NEVER };
    return visit(mergeRaw(siblings, { type: "null" }), ctx, depth + 1, path, fallback);
  }
  const merged = mergeVariants(
    kept.map((r) => r.schema),
    ctx.maxDescription,
  );
  if (merged.note !== undefined)
    addNote(
      ctx,
      path,
      `${key} of ${kept.length} variants flattened to type ${typesOf(merged.schema).join(" | ")}`,
    );
  const schema: JsonSchema = { ...merged.schema };
  const title = cleanText(own(siblings, "title"));
  if (title !== undefined) schema.title = describe(title, [], ctx.maxDescription);
  const description = describe(
    cleanText(own(siblings, "description")) ?? schema.description,
    [...notes, merged.note ?? ""],
    ctx.maxDescription,
  );
  if (description === undefined) delete schema.description;
  else schema.description = description;
  return { schema, optional: nullable || kept.some((r) => r.optional), never: false };
}

/** `false`, or zod's optional artefact `{not: {}}` (no value matches). */
function isNever(v: unknown): boolean {
  if (v === false) return true;
  if (!isObject(v) || Object.keys(v).length !== 1) return false;
  const not = own(v, "not");
  return not === true || (isObject(not) && Object.keys(not).length === 0);
}

function isNullSchema(v: unknown): boolean {
  if (!isObject(v)) return false;
  const type = own(v, "type");
  if (normType(type) === "null") return true;
  if (Array.isArray(type) && type.length > 0 && type.every((t) => normType(t) === "null")) return true;
  const values = Object.hasOwn(v, "const") ? [own(v, "const")] : own(v, "enum");
  return Array.isArray(values) && values.length > 0 && values.every((x) => x === null);
}
