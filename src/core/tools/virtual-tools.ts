// Read-only virtual tools for a server's resources and prompts (§9): list_resources, read_resource,
// list_prompts, get_prompt. Results are JSON or text the model can read directly.
import type { ObjectSchema } from "../schema/sanitize.js";
import { mcpToolName } from "./naming.js";
import type { ToolContext, ToolEntry, ToolResult } from "./types.js";

export interface VirtualDeps {
  listResources(server: string, ctx: ToolContext): Promise<ToolResult>;
  readResource(server: string, uri: string, ctx: ToolContext): Promise<ToolResult>;
  listPrompts(server: string, ctx: ToolContext): Promise<ToolResult>;
  getPrompt(
    server: string,
    name: string,
    args: Record<string, string>,
    ctx: ToolContext,
  ): Promise<ToolResult>;
}

const EMPTY: ObjectSchema = { type: "object", properties: {} };

export function virtualTools(
  server: string,
  has: { resources: boolean; prompts: boolean },
  deps: VirtualDeps,
): ToolEntry[] {
  const out: ToolEntry[] = [];
  const base = (
    tool: string,
    kind: "resource" | "prompt",
    description: string,
    inputSchema: ObjectSchema,
  ) => ({
    name: mcpToolName(server, tool),
    description,
    inputSchema,
    rawInputSchema: inputSchema,
    source: { type: "mcp" as const, server, tool, kind },
    readOnly: true,
  });
  if (has.resources) {
    out.push({
      ...base(
        "list_resources",
        "resource",
        `List the resources and resource templates of the MCP server "${server}".`,
        EMPTY,
      ),
      execute: (_args, ctx) => deps.listResources(server, ctx),
    });
    out.push({
      ...base("read_resource", "resource", `Read one resource of the MCP server "${server}" by its URI.`, {
        type: "object",
        properties: { uri: { type: "string", description: "The resource URI, as listed by list_resources" } },
        required: ["uri"],
      }),
      execute: (args, ctx) =>
        typeof args.uri === "string" && args.uri !== ""
          ? deps.readResource(server, args.uri, ctx)
          : Promise.resolve(argError('read_resource needs a "uri" string argument')),
    });
  }
  if (has.prompts) {
    out.push({
      ...base(
        "list_prompts",
        "prompt",
        `List the prompts of the MCP server "${server}" with their arguments.`,
        EMPTY,
      ),
      execute: (_args, ctx) => deps.listPrompts(server, ctx),
    });
    out.push({
      ...base(
        "get_prompt",
        "prompt",
        `Get one prompt of the MCP server "${server}", rendered with its arguments.`,
        {
          type: "object",
          properties: {
            name: { type: "string", description: "The prompt name, as listed by list_prompts" },
            arguments: {
              type: "object",
              description: "Prompt arguments as string values",
              properties: {},
              additionalProperties: { type: "string" },
            },
          },
          required: ["name"],
        },
      ),
      execute: (args, ctx) => {
        if (typeof args.name !== "string" || args.name === "") {
          return Promise.resolve(argError('get_prompt needs a "name" string argument'));
        }
        const a = args.arguments;
        const strArgs: Record<string, string> = {};
        if (a !== null && typeof a === "object" && !Array.isArray(a)) {
          for (const [k, v] of Object.entries(a)) strArgs[k] = typeof v === "string" ? v : JSON.stringify(v);
        }
        return deps.getPrompt(server, args.name, strArgs, ctx);
      },
    });
  }
  return out;
}

function argError(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}
