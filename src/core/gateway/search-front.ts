// The `--tools search` front (§22, §15): two tools instead of hundreds. `search_tools` ranks the caller's
// visible tools against a task description; `call_tool` calls one by the name the search gave. A tool its
// upstream runs as a task is listed with `execution.taskSupport`, so a caller knows `call_tool` may run it as one.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { callerToolName, offersTasks, taskCapable, type GatewayHost } from "./catalog.js";
import { toolVisible, type Profile } from "./profiles.js";

export const SEARCH_TOOLS: Tool[] = [
  {
    name: "search_tools",
    description:
      "Find tools for a task. Returns the best matching tool names, each with its server, description and input schema; call one with call_tool.",
    inputSchema: {
      type: "object" as const,
      properties: {
        query: { type: "string", description: "what you want to do, e.g. 'open a pull request'" },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "how many results (default 10)" },
      },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: "call_tool",
    description: "Call a tool that search_tools found, by its name, with its arguments.",
    inputSchema: {
      type: "object" as const,
      properties: {
        name: { type: "string", description: "the tool name from search_tools" },
        arguments: { type: "object", description: "the tool's arguments, as its input schema says" },
      },
      required: ["name"],
    },
  },
];

/** `names`: as `call_tool` takes them (`SERVER__TOOL`), or as a code-mode script calls them (registered). */
export function searchTools(
  host: GatewayHost,
  profile: Profile,
  args: Record<string, unknown>,
  names: "caller" | "registered" = "caller",
): CallToolResult {
  const query = args.query;
  const limit = args.limit ?? 10;
  if (typeof query !== "string" || query.trim() === "")
    return {
      content: [{ type: "text", text: 'search_tools needs "query", a task description' }],
      isError: true,
    };
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > 50)
    return {
      content: [{ type: "text", text: '"limit" must be a whole number from 1 to 50' }],
      isError: true,
    };
  // Rank everything, then keep what this caller may see: a hidden tool never shows, nor its absence.
  const rows = host
    .search(query, { limit: 1000 })
    .filter((r) => r.server !== null && toolVisible(profile, r.server, r.name))
    .slice(0, limit);
  const found = rows.map((r) => {
    const entry = host.registry.lookup(r.name);
    const schema = entry.found === "tool" ? entry.entry.inputSchema : undefined;
    const src = entry.found === "tool" ? entry.entry.source : undefined;
    const raw =
      src?.type === "mcp" && r.server !== null
        ? host.manager.snapshot(r.server).lists.tools.find((t) => t.name === src.tool)
        : undefined;
    return {
      name: names === "caller" ? callerToolName(r.name) : r.name,
      server: r.server,
      description: r.description,
      inputSchema: schema,
      ...(raw !== undefined &&
        taskCapable({ raw, modernTasks: r.server !== null && offersTasks(host, r.server) }) && {
          execution: { taskSupport: "optional" as const },
        }),
    };
  });
  return {
    content: [
      { type: "text", text: found.length === 0 ? "no matching tools" : JSON.stringify(found, null, 1) },
    ],
    structuredContent: { tools: found },
  };
}
