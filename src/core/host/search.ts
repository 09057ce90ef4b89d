// `host.search(query, { limit })` (§15.1, §17): the registry's tools ranked against a task description,
// rows shaped like `codeagent mcp search --json`. The index is built on the first search and again only
// after the registry changed, so repeated searches over 5 000 tools cost milliseconds; with `indexDir` the
// first one reads the index a previous run saved for the same tools.
import { CodeagentError } from "../errors.js";
import { cachedToolIndex } from "../search/index-cache.js";
import { buildToolIndex, type ToolIndex, type ToolSearchHit } from "../search/index.js";
import type { ToolRegistry } from "../tools/registry.js";
import { toSearchable } from "../tools/searchable.js";

/** One result, as `codeagent mcp search --json` prints it. */
export interface SearchRow {
  /** The registered name to call. */
  name: string;
  /** The server, or null for a tool of the host itself. */
  server: string | null;
  /** The server's original tool name (the registered name for the host's own tools). */
  tool: string;
  /** The full description. */
  description: string;
  /** Relevance, higher is better; only the order means something. */
  score: number;
}

export function searchRow(h: ToolSearchHit): SearchRow {
  return {
    name: h.name,
    server: h.server ?? null,
    tool: h.tool ?? h.name,
    description: h.description,
    score: h.score,
  };
}

/** A search over `registry` that follows its changes; `limit` defaults to 10. */
export function registrySearch(
  registry: ToolRegistry,
  opts: { indexDir?: string } = {},
): (query: string, opts?: { limit?: number }) => SearchRow[] {
  const { indexDir } = opts;
  const build = (tools: ReturnType<typeof toSearchable>[]) =>
    indexDir === undefined ? buildToolIndex(tools) : cachedToolIndex(tools, { dir: indexDir }).index;
  let index: ToolIndex | undefined;
  registry.on("changed", () => {
    index = undefined;
  });
  return (query, opts = {}) => {
    const { limit } = opts;
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
      throw new CodeagentError(
        "INVALID_ARGUMENTS",
        `search limit must be a whole number of at least 1, got ${String(limit)}`,
      );
    index ??= build(registry.list().map(toSearchable));
    return index.search(query, limit === undefined ? {} : { limit }).map(searchRow);
  };
}
