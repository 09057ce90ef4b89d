// The `search_tools` built-in (§15.2): the model's way to reach deferred tools. Its result lists matching
// registered names, one a line with server and description; the session then sends those tools'
// definitions with the following requests. The index itself is the pure tool search of §15.1.
import type { ToolEntry, ToolResult } from "../tools/types.js";

export const SEARCH_TOOL = "search_tools";
export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;
/** Descriptions in results are cut to one line of about this many characters. */
const HIT_DESCRIPTION = 200;

/** The interface of the §15.1 index (src/core/search), as this module uses it. */
export interface SearchHit {
  name: string;
  server?: string;
  description: string;
}
export interface SearchIndex {
  search(query: string, opts?: { limit?: number }): SearchHit[];
}

export interface SearchToolDeps {
  index(): SearchIndex;
  /** Called with the names found, best first; they join the following requests. */
  found(names: string[]): void;
  /** Servers whose tools are deferred now, for a result that finds nothing. */
  deferredServers(): { server: string; tools: number }[];
}

export function searchToolEntry(deps: SearchToolDeps): ToolEntry {
  return {
    name: SEARCH_TOOL,
    description:
      "Find tools that are not loaded yet. The tools of some MCP servers are deferred: they exist and can be called, " +
      'but their definitions are not in your tool list. Describe what you need to do in a few words (e.g. "create ' +
      'a merge request", "list open issues", "query a database table"); the result lists matching tool names, one a ' +
      "line with server and description, and those tools are loaded for your next step. Then call the tool by its name.",
    inputSchema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description:
            "What the tool should do, in words; or a tool name; or select:NAME1,NAME2 to load tools by exact name.",
        },
        limit: {
          type: "integer",
          description: `Most tools to return (default ${DEFAULT_SEARCH_LIMIT}, at most ${MAX_SEARCH_LIMIT}).`,
        },
      },
      required: ["query"],
    },
    rawInputSchema: undefined,
    source: { type: "builtin" },
    readOnly: true,
    execute: (args) => Promise.resolve(runSearch(args, deps)),
  };
}

export function runSearch(args: Record<string, unknown>, deps: SearchToolDeps): ToolResult {
  const query = typeof args.query === "string" ? args.query.trim() : "";
  if (query === "")
    return result('search_tools needs a "query": the task in a few words, e.g. "create issue"', true);
  const raw =
    typeof args.limit === "number" && Number.isFinite(args.limit)
      ? Math.floor(args.limit)
      : DEFAULT_SEARCH_LIMIT;
  const limit = Math.min(MAX_SEARCH_LIMIT, Math.max(1, raw));
  const hits = deps
    .index()
    .search(query, { limit })
    .filter((h) => h.name !== SEARCH_TOOL);
  if (hits.length === 0) {
    const servers = deps.deferredServers().map((s) => `${s.server} (${s.tools})`);
    return result(
      `No tools match "${query}". Try other words for the task${servers.length > 0 ? `; deferred servers: ${servers.join(", ")}` : ""}.`,
      false,
    );
  }
  deps.found(hits.map((h) => h.name));
  const lines = hits.map(
    (h) => `${h.name}${h.server !== undefined ? ` (server ${h.server})` : ""}: ${oneLine(h.description)}`,
  );
  return result(
    `${hits.length} tool${hits.length === 1 ? "" : "s"} found and loaded; call them by name:\n${lines.join("\n")}`,
    false,
  );
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t === "") return "(no description)";
  return t.length > HIT_DESCRIPTION ? `${t.slice(0, HIT_DESCRIPTION - 1)}…` : t;
}

function result(text: string, isError: boolean): ToolResult {
  return { text, isError, media: [], truncated: false };
}
