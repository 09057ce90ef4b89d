// sanitizeSchema (§6): turns an untrusted MCP `inputSchema` into a plain object schema that every major
// function-calling API accepts. Pure: never mutates its input, never throws, bounded work.
import { createCtx, finalNotes } from "./context.js";
import { describeKind, isObject } from "./json.js";
import { visit } from "./node.js";
import type { JsonType, ObjectSchema, SanitizeOptions } from "./types.js";
import { typesOf } from "./types.js";
import { restrictTypes } from "./type-keywords.js";

export type { JsonSchema, JsonType, JsonValue, ObjectSchema, SanitizeOptions } from "./types.js";

export interface SanitizeResult {
  schema: ObjectSchema;
  /** What was repaired, cut or dropped, each prefixed with where (a JSON pointer, or "(root)"). */
  notes: string[];
}

/** What `prepareToolSchema` needs to decide whether the tool can be offered at all. */
export interface SanitizeReport extends SanitizeResult {
  /** The root as found: missing, not a schema, `false`, or the type it resolved to before any repair. */
  root: { kind: "missing" | "invalid" | "false" } | { kind: "type"; type: JsonType };
  /** The node budget ran out: parts of the schema were cut or dropped. */
  tooLarge: boolean;
  /** An unexpected fault (a bug, or a hostile object such as a throwing getter). */
  error?: string;
}

export function sanitizeSchema(raw: unknown, opts?: SanitizeOptions): SanitizeResult {
  const { schema, notes } = sanitizeSchemaReport(raw, opts);
  return { schema, notes };
}

export function sanitizeSchemaReport(raw: unknown, opts?: SanitizeOptions): SanitizeReport {
  try {
    if (raw === undefined || raw === null || raw === true) return empty({ kind: "missing" }, []);
    if (raw === false) return empty({ kind: "false" }, ["(root): schema false accepts no arguments"]);
    if (!isObject(raw)) return empty({ kind: "invalid" }, [`(root): ${describeKind(raw)} is not a schema`]);
    const ctx = createCtx(raw, opts);
    const r = visit(raw, ctx, 0, "", "object");
    const tooLarge = ctx.nodeCapHit;
    if (r.never)
      return empty({ kind: "false" }, [...finalNotes(ctx), "(root): accepts no arguments"], tooLarge);
    // Tool arguments are always an object: of a type list, the root keeps only its object part.
    const schema = restrictTypes(r.schema, ["object"]);
    if (schema.type !== "object") {
      const [type = "string"] = typesOf(schema);
      const note = `(root): type ${typesOf(schema).join(" | ")} is not an object; replaced by an empty object`;
      const replaced: ObjectSchema = { type: "object", properties: {} };
      if (schema.description !== undefined) replaced.description = schema.description;
      return {
        ...empty({ kind: "type", type }, [...finalNotes(ctx), note], tooLarge),
        schema: replaced,
      };
    }
    return {
      schema: { ...schema, type: "object", properties: schema.properties ?? {} },
      notes: finalNotes(ctx),
      root: { kind: "type", type: "object" },
      tooLarge,
    };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      ...empty({ kind: "invalid" }, [`(root): schema could not be read: ${message}`]),
      error: message,
    };
  }
}

function empty(root: SanitizeReport["root"], notes: string[], tooLarge = false): SanitizeReport {
  return { schema: { type: "object", properties: {} }, notes, root, tooLarge };
}
