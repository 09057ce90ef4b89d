// What the fixture checks of the blind query sets share: reading the captured catalogues and a query set, and
// the well-formedness rules every set follows (a query, a non-empty expect without repeats, a known split, no
// question asked twice, only tools that exist). It runs no search and imports nothing of the ranking, on
// purpose: the sets must stay unseen by it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const FIXTURES = join(import.meta.dirname, "../fixtures");

/** The four captured catalogues, in the order the later sets name them. */
export const ALL_CATALOGUES = ["catalogue", "catalogue-heldout", "catalogue-fresh", "catalogue-unseen"];

export interface CatalogueFile {
  server: string;
  package: string;
  version: string;
  tools: { name: string }[];
}

export interface SetQuery {
  query: string;
  expect: string[];
  split: string;
}

/** A query set as stored; header fields differ between sets, so they are left unknown to the checks. */
export interface QuerySet {
  /** Absent in the oldest sets, which are searched over the main catalogue. */
  catalogues?: string[];
  author?: unknown;
  note?: unknown;
  role?: unknown;
  queries: SetQuery[];
}

/** One catalogue directory's server files, sorted by file name. */
export function loadCatalogue(dir: string): CatalogueFile[] {
  return readdirSync(join(FIXTURES, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(FIXTURES, dir, f), "utf8")) as CatalogueFile);
}

/** Every tool of the given catalogues as `server/tool`, the form the sets' expect lists use. */
export function toolIds(dirs: readonly string[]): Set<string> {
  return new Set(
    dirs.flatMap((dir) => loadCatalogue(dir).flatMap((c) => c.tools.map((t) => `${c.server}/${t.name}`))),
  );
}

/** `search-queries-NAME.json` from the fixtures (`""`: search-queries.json). */
export function loadQuerySet(name: string): QuerySet {
  const file = name === "" ? "search-queries.json" : `search-queries-${name}.json`;
  return JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as QuerySet;
}

/** Entries without a query text, with an empty or repeating expect list, or with a split not in `splits`. */
export function malformedQueries(queries: readonly SetQuery[], splits: readonly string[]): SetQuery[] {
  return queries.filter(
    (q) =>
      typeof q.query !== "string" ||
      q.query.trim() === "" ||
      !Array.isArray(q.expect) ||
      q.expect.length === 0 ||
      new Set(q.expect).size !== q.expect.length ||
      !splits.includes(q.split),
  );
}

/** Query texts asked more than once, ignoring case and surrounding space (each repeat listed once per extra ask). */
export function repeatedQueries(queries: readonly SetQuery[]): string[] {
  const texts = queries.map((q) => q.query.trim().toLowerCase());
  return texts.filter((t, i) => texts.indexOf(t) !== i);
}

/** Expected tools that are not in `known`, each named with the query that expects it. */
export function unknownTools(queries: readonly SetQuery[], known: ReadonlySet<string>): string[] {
  return queries.flatMap((q) => q.expect.filter((e) => !known.has(e)).map((e) => `${q.query} -> ${e}`));
}

/** The servers an entry expects a tool of. */
export function serversOf(q: SetQuery): Set<string> {
  return new Set(q.expect.map((e) => e.split("/")[0] ?? ""));
}

/** The servers a whole set expects tools of. */
export function setServers(queries: readonly SetQuery[]): Set<string> {
  return new Set(queries.flatMap((q) => [...serversOf(q)]));
}
