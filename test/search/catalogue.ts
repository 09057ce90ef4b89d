// The captured catalogue of real servers' tool lists (test/fixtures/catalogue, see its README), turned into
// registry entries the way the host does it (naming, sanitizing, descriptions) and then into what the
// search index reads.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RawTool } from "../../src/core/mcp/connection/lenient.js";
import { EMPTY_LISTS } from "../../src/core/mcp/servers/state.js";
import type { SearchableTool } from "../../src/core/search/index.js";
import { buildServerTools, type McpToolDeps } from "../../src/core/tools/mcp-tools.js";
import { toSearchable } from "../../src/core/tools/searchable.js";
import type { ToolEntry } from "../../src/core/tools/types.js";

export const CATALOGUE_DIR = join(import.meta.dirname, "../fixtures/catalogue");
/** Servers the ranking was never tuned on (see its README). */
export const HELDOUT_CATALOGUE_DIR = join(import.meta.dirname, "../fixtures/catalogue-heldout");

/** Servers captured by someone who never saw the ranking, for the blind "fresh" query sets (see its README). */
export const FRESH_CATALOGUE_DIR = join(import.meta.dirname, "../fixtures/catalogue-fresh");

/** A fourth set of servers in none of the three above, for the blind "unseen" query sets (see its README). */
export const UNSEEN_CATALOGUE_DIR = join(import.meta.dirname, "../fixtures/catalogue-unseen");

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

export interface QualityQuery {
  query: string;
  /** `server/tool` (original names); a hit is any of them in the top k. */
  expect: string[];
  heldOut: boolean;
}

export function loadQueries(): QualityQuery[] {
  const file = join(import.meta.dirname, "../fixtures/search-queries.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { queries: QualityQuery[] }).queries;
}

/** The later set of task descriptions, phrased as a model or user mid-task; all held out. */
export function loadTaskQueries(): QualityQuery[] {
  const file = join(import.meta.dirname, "../fixtures/search-queries-tasks.json");
  const { queries } = JSON.parse(readFileSync(file, "utf8")) as { queries: Omit<QualityQuery, "heldOut">[] };
  return queries.map((q) => ({ ...q, heldOut: true }));
}

/**
 * A later query set (`search-queries-NAME.json`): `tune` is the one the ranking may be tuned on, `user` and
 * `model` are held out (their files say so in `role`).
 */
export function loadQuerySet(name: "tune" | "user" | "model"): { role: string; queries: QualityQuery[] } {
  const file = join(import.meta.dirname, `../fixtures/search-queries-${name}.json`);
  const doc = JSON.parse(readFileSync(file, "utf8")) as {
    role: string;
    queries: Omit<QualityQuery, "heldOut">[];
  };
  return { role: doc.role, queries: doc.queries.map((q) => ({ ...q, heldOut: doc.role === "heldout" })) };
}

/** The catalogue's servers again under `server-2`, `server-3`, …: what thousands of tools look like here. */
export function repeatedCatalogue(copies: number, servers = loadCatalogue()): CatalogueServer[] {
  return Array.from({ length: copies }, (_, c) =>
    servers.map((s) => ({ ...s, server: c === 0 ? s.server : `${s.server}-${c + 1}` })),
  ).flat();
}

export interface BlindQuery {
  query: string;
  expect: string[];
  /** `dev` may be looked at query by query; `final` only as a figure. */
  split: "dev" | "final";
}

/**
 * A blind set written by someone who never saw the ranking (`search-queries-blind-*.json` over the main and
 * held-out catalogues, `search-queries-fresh-*.json` over those and the fresh one), with the catalogues it
 * is searched over.
 */
export function loadBlindSet(
  name:
    | "blind-user"
    | "blind-model"
    | "fresh-user"
    | "fresh-model"
    | "final3-user"
    | "final3-tasks"
    | "unseen-user"
    | "unseen-tasks"
    | "final4-user"
    | "final4-tasks",
): {
  catalogues: string[];
  queries: BlindQuery[];
} {
  const file = join(import.meta.dirname, `../fixtures/search-queries-${name}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as { catalogues: string[]; queries: BlindQuery[] };
}
