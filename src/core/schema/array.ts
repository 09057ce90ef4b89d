// Children of an array node: it always gets one `items` schema. Tuples (`items: [...]`, `prefixItems`) are
// flattened like a union of their positions; a missing `items` means any item (see the permissive rule).
import type { Ctx } from "./context.js";
import { addNote, pointer } from "./context.js";
import type { RawObject } from "./json.js";
import { own } from "./json.js";
import { mergeVariants, withNote } from "./merge-variants.js";
import type { JsonSchema } from "./types.js";
import type { Visit, Visited } from "./visited.js";
import { withNull } from "./type-keywords.js";

export function buildArray(
  node: RawObject,
  out: JsonSchema,
  ctx: Ctx,
  depth: number,
  path: string,
  visit: Visit,
): void {
  const items = own(node, "items");
  const prefix = own(node, "prefixItems");
  let tuple: unknown[] | undefined;
  let key = "items";
  if (Array.isArray(items)) tuple = items;
  else if (Array.isArray(prefix) && prefix.length > 0) {
    key = "prefixItems";
    // 2020-12: `items` next to `prefixItems` is the schema of the remaining items (`false`: none).
    tuple = items === undefined || items === false ? prefix : [...(prefix as unknown[]), items];
  }
  if (tuple !== undefined && tuple.length > 0) {
    const schemas = tuple
      .map((t, i) => visit(t, ctx, depth + 1, pointer(path, key, i), "string"))
      .filter((r) => !r.never)
      .map(itemSchema);
    if (schemas.length === 0) return noItems(out);
    if (tuple.length > 1)
      addNote(ctx, path, `tuple of ${tuple.length} item schemas flattened to one "items"`);
    out.items = withNote(mergeVariants(schemas, ctx.maxDescription), ctx.maxDescription);
    return;
  }
  if (items === undefined || Array.isArray(items)) {
    out.items = { type: "string" };
    return;
  }
  const r = visit(items, ctx, depth + 1, pointer(path, "items"), "string");
  if (r.never) noItems(out);
  else out.items = itemSchema(r);
}

/** An item that may be null keeps null among its types: an array has no "omitted" items. */
function itemSchema(r: Visited): JsonSchema {
  return r.optional ? withNull(r.schema) : r.schema;
}

/** `items: false`: only the empty array is valid. */
function noItems(out: JsonSchema): void {
  out.items = { type: "string" };
  out.maxItems = 0;
}
