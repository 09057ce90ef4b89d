// The final3 blind sets (user-worded requests and task steps over all three catalogues) are measured once, at
// the end, by someone else. This checks only that they are well formed: they load, every entry is `final`
// with a non-empty expect list, every expected tool exists in the catalogues, and the sets are as large and
// as spread over the servers as promised. It runs no search, on purpose (the sets must stay unseen).
import { describe, expect, it } from "vitest";
import {
  loadQuerySet,
  malformedQueries,
  repeatedQueries,
  setServers,
  toolIds,
  unknownTools,
} from "./query-sets.js";

const allCatalogues = ["catalogue", "catalogue-heldout", "catalogue-fresh"];
const tools = toolIds(allCatalogues);

describe.each([
  ["final3-user", 180],
  ["final3-tasks", 100],
] as const)("search-queries-%s.json", (name, minimum) => {
  const set = loadQuerySet(name);

  it("is searched over all three catalogues and says how it was written", () => {
    expect({
      catalogues: set.catalogues,
      hasAuthor: typeof set.author === "string" && set.author.length > 40,
    }).toEqual({ catalogues: allCatalogues, hasAuthor: true });
  });

  it(`has at least ${minimum} distinct final queries, each with a non-empty list of distinct tools`, () => {
    expect({
      enough: set.queries.length >= minimum,
      malformed: malformedQueries(set.queries, ["final"]),
      duplicates: repeatedQueries(set.queries),
    }).toEqual({ enough: true, malformed: [], duplicates: [] });
  });

  it("expects only tools that exist in the three catalogues", () => {
    expect(unknownTools(set.queries, tools)).toEqual([]);
  });

  it("spreads over at least 90 of the catalogues' servers", () => {
    expect(setServers(set.queries).size >= 90).toBe(true);
  });
});
