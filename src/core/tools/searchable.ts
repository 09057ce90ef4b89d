// A registry entry as the tool-search index sees it (§15.1): the full description (the model's copy is
// cut), the server and original name, and the parameter names and descriptions from the server's own schema.
import type { SearchableTool } from "../search/index.js";
import type { ToolEntry } from "./types.js";

const MAX_PARAMS = 200;
const MAX_DEPTH = 3;

export function toSearchable(entry: ToolEntry): SearchableTool {
  const src = entry.source.type === "mcp" ? entry.source : undefined;
  return {
    name: entry.name,
    ...(src !== undefined && { server: src.server, tool: src.tool }),
    description: entry.fullDescription ?? entry.description,
    parameters: parametersOf(entry),
  };
}

function parametersOf(entry: ToolEntry): NonNullable<SearchableTool["parameters"]> {
  const schema = isRecord(entry.rawInputSchema) ? entry.rawInputSchema : entry.inputSchema;
  const parameters: NonNullable<SearchableTool["parameters"]> = [];
  collectParams(schema, 0, parameters, new Set());
  return parameters;
}

/** Property names and descriptions, nested objects and array items included, bounded. */
function collectParams(
  schema: unknown,
  depth: number,
  out: NonNullable<SearchableTool["parameters"]>,
  seen: Set<unknown>,
): void {
  if (!isRecord(schema) || depth > MAX_DEPTH || seen.has(schema)) return;
  seen.add(schema);
  const props = schema.properties;
  if (isRecord(props)) {
    for (const [name, p] of Object.entries(props)) {
      if (out.length >= MAX_PARAMS) return;
      const description = isRecord(p) && typeof p.description === "string" ? p.description : undefined;
      out.push(description === undefined ? { name } : { name, description });
      collectParams(p, depth + 1, out, seen);
    }
  }
  collectParams(schema.items, depth + 1, out, seen);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = schema[key];
    if (Array.isArray(list)) for (const v of list) collectParams(v, depth + 1, out, seen);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
