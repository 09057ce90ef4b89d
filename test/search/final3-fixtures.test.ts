// The final3 blind sets (user-worded requests and task steps over all three catalogues) are measured once, at
// the end, by someone else. This checks only that they are well formed: they load, every entry is `final`
// with a non-empty expect list, every expected tool exists in the catalogues, and the sets are as large and
// as spread over the servers as promised. It runs no search, on purpose (the sets must stay unseen).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBlindSet } from "./catalogue.js";

const fixtures = join(import.meta.dirname, "../fixtures");
const allCatalogues = ["catalogue", "catalogue-heldout", "catalogue-fresh"];

interface CatalogueFile {
  server: string;
  tools: { name: string }[];
}

function loadCatalogue(dir: string): CatalogueFile[] {
  return readdirSync(join(fixtures, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(fixtures, dir, f), "utf8")) as CatalogueFile);
}

function authorOf(name: string): unknown {
  const raw = JSON.parse(readFileSync(join(fixtures, `search-queries-${name}.json`), "utf8")) as {
    author?: unknown;
  };
  return raw.author;
}

const catalogues = allCatalogues.flatMap(loadCatalogue);
const tools = new Set(catalogues.flatMap((c) => c.tools.map((t) => `${c.server}/${t.name}`)));

describe.each([
  ["final3-user", 180],
  ["final3-tasks", 100],
] as const)("search-queries-%s.json", (name, minimum) => {
  const set = loadBlindSet(name);

  it("is searched over all three catalogues and says how it was written", () => {
    const author = authorOf(name);
    expect({
      catalogues: set.catalogues,
      hasAuthor: typeof author === "string" && author.length > 40,
    }).toEqual({ catalogues: allCatalogues, hasAuthor: true });
  });

  it(`has at least ${minimum} distinct final queries, each with a non-empty list of distinct tools`, () => {
    const malformed = set.queries.filter(
      (q) =>
        typeof q.query !== "string" ||
        q.query.trim() === "" ||
        q.split !== "final" ||
        !Array.isArray(q.expect) ||
        q.expect.length === 0 ||
        new Set(q.expect).size !== q.expect.length,
    );
    const texts = set.queries.map((q) => q.query.trim().toLowerCase());
    expect({
      enough: set.queries.length >= minimum,
      malformed,
      duplicates: texts.filter((t, i) => texts.indexOf(t) !== i),
    }).toEqual({ enough: true, malformed: [], duplicates: [] });
  });

  it("expects only tools that exist in the three catalogues", () => {
    const unknown = set.queries.flatMap((q) => q.expect.filter((e) => !tools.has(e)));
    expect(unknown).toEqual([]);
  });

  it("spreads over at least 90 of the catalogues' servers", () => {
    const servers = new Set(set.queries.flatMap((q) => q.expect.map((e) => e.split("/")[0])));
    expect(servers.size >= 90).toBe(true);
  });
});
