// Children of an object node: each property sanitized (non-schemas dropped with a note), `required` kept
// only for names that exist and do not accept null, `additionalProperties` kept as boolean or sanitized.
import type { Ctx } from "./context.js";
import { addNote, pointer } from "./context.js";
import type { RawObject } from "./json.js";
import { describeKind, isObject, normType, own, setOwn } from "./json.js";
import type { JsonSchema } from "./types.js";
import type { Visit } from "./visited.js";
import { withNull } from "./type-keywords.js";

export function buildObject(
  node: RawObject,
  out: JsonSchema,
  ctx: Ctx,
  depth: number,
  path: string,
  visit: Visit,
): void {
  const raw = own(node, "properties");
  const properties: Record<string, JsonSchema> = {};
  const optional = new Set<string>();
  // Draft-3 style `required: true` inside a property schema: honoured rather than lost.
  const requiredInside: string[] = [];
  if (raw !== undefined && !isObject(raw))
    addNote(ctx, path, `"properties" is ${describeKind(raw)}, ignored`);
  const rawProps = isObject(raw) ? raw : {};
  const keys = Object.keys(rawProps);
  for (const [i, key] of keys.entries()) {
    if (ctx.nodeCapHit) {
      addNote(ctx, path, `${keys.length - i} properties dropped (schema too large)`);
      break;
    }
    const sub = rawProps[key];
    const p = pointer(path, "properties", key);
    if (!(isObject(sub) || typeof sub === "boolean" || normType(sub) !== undefined)) {
      addNote(ctx, p, `${describeKind(sub)} is not a schema; property dropped`);
      continue;
    }
    const r = visit(sub, ctx, depth + 1, p, "string");
    if (r.never) {
      addNote(ctx, p, "accepts no value (false); property dropped");
      continue;
    }
    setOwn(properties, key, r.schema);
    if (r.optional) optional.add(key);
    else if (isObject(sub) && own(sub, "required") === true) requiredInside.push(key);
  }
  out.properties = properties;
  const required = requiredNames(own(node, "required"), properties, optional, ctx, path);
  for (const k of requiredInside) if (!required.includes(k)) required.push(k);
  if (required.length > 0) out.required = required;
  const extra = own(node, "additionalProperties");
  if (typeof extra === "boolean") out.additionalProperties = extra;
  else if (isObject(extra)) {
    // zod's z.record(z.any()) emits `{}`: the same as `true`, and simpler for every provider.
    if (Object.keys(extra).length === 0) out.additionalProperties = true;
    else {
      const r = visit(extra, ctx, depth + 1, pointer(path, "additionalProperties"), "string");
      // A map value that may be null keeps null among its types (there is no key to leave out).
      out.additionalProperties = r.never ? false : r.optional ? withNull(r.schema) : r.schema;
    }
  }
}

function requiredNames(
  raw: unknown,
  properties: Record<string, JsonSchema>,
  optional: Set<string>,
  ctx: Ctx,
  path: string,
): string[] {
  if (raw === undefined || typeof raw === "boolean") return [];
  if (!Array.isArray(raw)) {
    addNote(ctx, path, `"required" is ${describeKind(raw)}, ignored`);
    return [];
  }
  const seen = new Set<string>();
  const names: string[] = [];
  const missing: string[] = [];
  for (const n of raw as unknown[]) {
    if (typeof n !== "string" || seen.has(n)) continue;
    seen.add(n);
    if (!Object.hasOwn(properties, n)) missing.push(n);
    else if (!optional.has(n)) names.push(n);
  }
  if (missing.length > 0) {
    const listed = missing.slice(0, 5).map((n) => JSON.stringify(n.slice(0, 60)));
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : "";
    addNote(ctx, path, `required ${listed.join(", ")}${more} not in properties; removed`);
  }
  return names;
}
