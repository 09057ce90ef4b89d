// Turns one server's lists into registry entries: real tools under mcp__{server}__{tool} with sanitized
// schemas (a tool whose schema cannot be saved is skipped with its reason), plus the read-only virtual
// tools for resources and prompts (§9), which a real tool of the same name overrides.
import type { RawTool } from "../mcp/types.js";
import type { ServerLists } from "../mcp/servers/state.js";
import { prepareToolSchema, type PreparedSchema } from "../schema/tool-schema.js";
import { nullDefaults, withNullDefaults } from "./null-defaults.js";
import { assignToolNames, mcpToolName } from "./naming.js";
import { fullToolDescription, toolDescription } from "./tool-description.js";
import type { SkippedTool } from "./registry.js";
import type { ToolContext, ToolEntry, ToolResult } from "./types.js";
import { virtualTools, type VirtualDeps } from "./virtual-tools.js";

export interface McpToolDeps extends VirtualDeps {
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    ctx: ToolContext,
  ): Promise<ToolResult>;
}

export interface ServerToolsOptions {
  /** Capabilities as announced; when unknown (cached lists), inferred from the lists. */
  capabilities?: Record<string, unknown> | undefined;
  trust?: boolean | undefined;
  /** The server's config scope: "always" answers are kept per server identity, not per name. */
  scope?: string | undefined;
  deps: McpToolDeps;
  /** Defaults to prepareToolSchema; a caller may memoize it. */
  prepareSchema?: (raw: unknown) => PreparedSchema;
  /** Tools left out because their definition is not accepted (§16): original name → reason. */
  withheld?: ReadonlyMap<string, string>;
}

export function buildServerTools(
  server: string,
  lists: ServerLists,
  opts: ServerToolsOptions,
): { entries: ToolEntry[]; skipped: SkippedTool[] } {
  const names = assignToolNames(
    server,
    lists.tools.map((t) => t.name),
  );
  const skipped: SkippedTool[] = [...lists.skippedTools];
  const entries: ToolEntry[] = [];
  const prepare = opts.prepareSchema ?? prepareToolSchema;
  for (const tool of lists.tools) {
    const name = names.get(tool.name) ?? mcpToolName(server, tool.name);
    const withheld = opts.withheld?.get(tool.name);
    if (withheld !== undefined) {
      skipped.push({ name: tool.name, reason: withheld, registeredName: name, withheld: true });
      continue;
    }
    const prepared = prepare(tool.inputSchema);
    if (!prepared.ok) {
      skipped.push({ name: tool.name, reason: prepared.reason, registeredName: name });
      continue;
    }
    entries.push(mcpToolEntry(server, tool, name, prepared.schema, opts));
  }
  const taken = new Set(entries.map((e) => e.name));
  for (const v of virtualTools(server, virtualOffer(lists, opts.capabilities), opts.deps)) {
    if (!taken.has(v.name)) entries.push(v);
  }
  return { entries, skipped };
}

/** Which virtual tools a server gets: by its capabilities as announced, or (cached lists) by what it listed. */
export function virtualOffer(
  lists: ServerLists,
  caps: Record<string, unknown> | undefined,
): { resources: boolean; prompts: boolean } {
  return caps !== undefined
    ? { resources: caps.resources !== undefined, prompts: caps.prompts !== undefined }
    : { resources: lists.resources.length + lists.templates.length > 0, prompts: lists.prompts.length > 0 };
}

function mcpToolEntry(
  server: string,
  tool: RawTool,
  name: string,
  schema: ToolEntry["inputSchema"],
  opts: ServerToolsOptions,
): ToolEntry {
  const readOnly = tool.annotations?.readOnlyHint === true;
  const description = toolDescription(tool);
  const full = fullToolDescription(tool);
  const nulls = nullDefaults(tool.inputSchema, schema);
  const entry: ToolEntry = {
    name,
    description,
    ...(full !== description && { fullDescription: full }),
    inputSchema: schema,
    rawInputSchema: tool.inputSchema,
    ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema }),
    source: { type: "mcp", server, tool: tool.name, kind: "tool" },
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    readOnly,
    ...(opts.trust !== undefined && { trust: opts.trust }),
    ...(opts.scope !== undefined && { serverScope: opts.scope }),
    execute: (args, ctx) => opts.deps.callTool(server, tool.name, withNullDefaults(args, nulls), ctx),
  };
  return entry;
}
