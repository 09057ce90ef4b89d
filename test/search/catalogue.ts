// The captured catalogue of real servers' tool lists (test/fixtures/catalogue, see its README), turned into
// registry entries the way the host does it (naming, sanitizing, descriptions) and then into what the
// search index reads.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RawTool } from "../../src/core/mcp/types.js";
import { EMPTY_LISTS } from "../../src/core/mcp/servers/state.js";
import type { SearchableTool } from "../../src/core/search/index.js";
import { buildServerTools, type McpToolDeps } from "../../src/core/tools/mcp-tools.js";
import { toSearchable } from "../../src/core/tools/searchable.js";
import type { ToolEntry } from "../../src/core/tools/types.js";

export const CATALOGUE_DIR = join(import.meta.dirname, "../fixtures/catalogue");

export interface CatalogueServer {
  server: string;
  package: string;
  version: string;
  tools: RawTool[];
}

export function loadCatalogue(dir = CATALOGUE_DIR): CatalogueServer[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as CatalogueServer);
}

const never = () => Promise.reject(new Error("the catalogue is never called"));
const deps: McpToolDeps = {
  callTool: never,
  listResources: never,
  readResource: never,
  listPrompts: never,
  getPrompt: never,
};

export function catalogueEntries(servers = loadCatalogue()): ToolEntry[] {
  return servers.flatMap(
    (s) =>
      buildServerTools(s.server, { ...EMPTY_LISTS, tools: s.tools }, { capabilities: { tools: {} }, deps })
        .entries,
  );
}

export function catalogueTools(servers = loadCatalogue()): SearchableTool[] {
  return catalogueEntries(servers).map(toSearchable);
}

/** The catalogue's servers again under `server-2`, `server-3`, …: what thousands of tools look like here. */
export function repeatedCatalogue(copies: number, servers = loadCatalogue()): CatalogueServer[] {
  return Array.from({ length: copies }, (_, c) =>
    servers.map((s) => ({ ...s, server: c === 0 ? s.server : `${s.server}-${c + 1}` })),
  ).flat();
}
