// The `search_tools` built-in (§15.2): the model's way to reach deferred tools. Its result lists matching
// registered names, one a line with server and description; the session then sends those tools'
// definitions with the following requests — as many as the provider's tool count allows, and the result
// says which it could not load and which it unloaded to make room. The index is the tool search of §15.1.
import type { ToolEntry, ToolResult } from "../tools/types.js";
import { unloadedLine, type LoadReport } from "./load-report.js";

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
  /**
   * Called with the names found, best first; they join the following requests. Says which of them the next
   * request cannot carry and which tools it leaves out now to make room.
   */
  found(names: string[]): LoadReport;
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
      "line with server and description, and those tools are loaded for your next step (the result names any the " +
      "provider's tool limit leaves out). Then call the tool by its name.",
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
  const report = deps.found(hits.map((h) => h.name));
  return result(foundText(hits, report), false);
}

/** The hits loaded for the next step, then those that are not (grouped by why), then what made room. */
function foundText(hits: readonly SearchHit[], report: LoadReport): string {
  const why = new Map(report.notLoaded.map((n) => [n.name, n.reason]));
  const loaded = hits.filter((h) => !why.has(h.name));
  const count = `${hits.length} tool${hits.length === 1 ? "" : "s"} found`;
  const parts: string[] = [];
  if (loaded.length === hits.length) parts.push(`${count} and loaded; call them by name:`);
  else if (loaded.length > 0) parts.push(`${count}; ${loaded.length} loaded, call them by name:`);
  else parts.push(`${count}, none loaded:`);
  parts.push(...loaded.map(line));
  const byReason = new Map<string, SearchHit[]>();
  for (const h of hits) {
    const reason = why.get(h.name);
    if (reason !== undefined) byReason.set(reason, [...(byReason.get(reason) ?? []), h]);
  }
  for (const [reason, group] of byReason) parts.push(`Not loaded (${reason}):`, ...group.map(line));
  const unloaded = unloadedLine(report.unloaded, report.limit);
  if (unloaded !== undefined) parts.push(unloaded);
  return parts.join("\n");
}

function line(h: SearchHit): string {
  return `${h.name}${h.server !== undefined ? ` (server ${h.server})` : ""}: ${oneLine(h.description)}`;
}

/**
 * For a call to a name nothing is registered under (a guessed name: the server's own tool name, another
 * spelling): the registered tools it most likely meant, by searching the name's words, and where to look
 * for others (`searchName`, when tools are deferred). Models guess names of tools they have not seen; this
 * turns the guess into one more step instead of a dead end.
 */
export function unknownToolHint(name: string, index: SearchIndex, searchName: string | undefined): string {
  const words = name
    .replace(/^mcp__/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_.:/]+/g, " ")
    .trim();
  const hits = words === "" ? [] : index.search(words, { limit: 3 });
  const names = hits.map((h) => h.name).filter((n) => n !== SEARCH_TOOL);
  const search = searchName !== undefined ? `call ${searchName} with what you need to find a tool` : "";
  if (names.length === 0) return search === "" ? "" : `${search}, then call it by its exact name`;
  return `registered tools with a similar name: ${names.join(", ")}. Call one by that exact name${search !== "" ? `, or ${search}` : ""}`;
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t === "") return "(no description)";
  return t.length > HIT_DESCRIPTION ? `${t.slice(0, HIT_DESCRIPTION - 1)}…` : t;
}

function result(text: string, isError: boolean): ToolResult {
  return { text, isError, media: [], truncated: false };
}
