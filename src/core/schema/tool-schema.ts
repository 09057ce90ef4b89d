// The decision whether a tool can be offered to the model at all. Repair is preferred: only a schema that
// says the arguments are not an object, accepts nothing, or is too large to send is a reason to skip.
import type { SanitizeOptions } from "./sanitize.js";
import { sanitizeSchemaReport } from "./sanitize.js";
import { DEFAULT_LIMITS } from "./context.js";
import type { ObjectSchema } from "./types.js";

export type PreparedSchema =
  { ok: true; schema: ObjectSchema; notes: string[] } | { ok: false; reason: string };

const ASK = "ask the server's maintainer to fix the tool's inputSchema";

export function prepareToolSchema(rawInputSchema: unknown, opts?: SanitizeOptions): PreparedSchema {
  const r = sanitizeSchemaReport(rawInputSchema, opts);
  if (r.error !== undefined) return { ok: false, reason: `inputSchema could not be read (${r.error})` };
  switch (r.root.kind) {
    case "invalid":
      return {
        ok: false,
        reason: `inputSchema is ${kind(rawInputSchema)}, not a JSON Schema object; ${ASK}`,
      };
    case "false":
      return {
        ok: false,
        reason: `inputSchema accepts no arguments at all (false), so no call can succeed; ${ASK}`,
      };
    case "type":
      if (r.root.type !== "object") {
        return {
          ok: false,
          reason: `inputSchema describes ${article(r.root.type)}, but tool arguments are always a JSON object; ${ASK} (wrap it in {"type": "object", "properties": {…}})`,
        };
      }
      break;
    case "missing":
      break;
  }
  if (r.tooLarge) {
    const max = opts?.maxNodes ?? DEFAULT_LIMITS.maxNodes;
    return {
      ok: false,
      reason: `inputSchema is too large to send to a model (over ${max} schema nodes once $ref are inlined); ${ASK}, or hide the tool with "excludeTools"`,
    };
  }
  return { ok: true, schema: r.schema, notes: r.notes };
}

function kind(v: unknown): string {
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
}

function article(type: string): string {
  if (type === "null") return "only null";
  return type === "array" || type === "integer" ? `an ${type}` : `a ${type}`;
}
