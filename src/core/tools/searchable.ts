// A registry entry as the tool-search index sees it (§15.1): the full description (the model's copy is
// cut), the server and original name, and the parameter names and descriptions from the server's own schema.
import type { RawTool } from "../mcp/lenient.js";
import type { SearchableTool } from "../search/index.js";
import { fullToolDescription } from "./tool-description.js";
import { assignToolNames, mcpToolName } from "./naming.js";
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

/**
 * An MCP tool's `toSearchable` form whose parameters are read from its schema only when asked for: for a
 * tool whose index doc was made elsewhere from the same listing, where only its name and description are
 * read (5 000 tools' schemas walked for nothing cost tens of milliseconds).
 */
export function lazySearchable(entry: ToolEntry & { source: { type: "mcp" } }): SearchableTool {
  return new LazySearchable(entry);
}

class LazySearchable implements SearchableTool {
  readonly name: string;
  readonly server: string;
  readonly tool: string;
  readonly description: string;
  private params: SearchableTool["parameters"];

  constructor(private readonly entry: ToolEntry & { source: { type: "mcp" } }) {
    this.name = entry.name;
    this.server = entry.source.server;
    this.tool = entry.source.tool;
    this.description = entry.fullDescription ?? entry.description;
  }

  get parameters(): NonNullable<SearchableTool["parameters"]> {
    return (this.params ??= parametersOf(this.entry));
  }
}

function parametersOf(entry: ToolEntry): NonNullable<SearchableTool["parameters"]> {
  const schema = isRecord(entry.rawInputSchema) ? entry.rawInputSchema : entry.inputSchema;
  const parameters: NonNullable<SearchableTool["parameters"]> = [];
  collectParams(schema, 0, parameters, new Set());
  return parameters;
}

/**
 * A server's listed tools as `toSearchable` will see them once registered (registered names, full
 * descriptions, parameters from the server's own schemas), without preparing any schema: so the index can
 * be built while the tools are being registered. Tools the registry then leaves out or names otherwise are
 * found by comparing with what did register.
 */
export function listedSearchable(server: string, tools: readonly RawTool[]): SearchableTool[] {
  const names = assignToolNames(
    server,
    tools.map((t) => t.name),
  );
  return tools.map((t) => {
    const parameters: NonNullable<SearchableTool["parameters"]> = [];
    collectParams(t.inputSchema, 0, parameters, new Set());
    return {
      name: names.get(t.name) ?? mcpToolName(server, t.name),
      server,
      tool: t.name,
      description: fullToolDescription(t),
      parameters,
    };
  });
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
