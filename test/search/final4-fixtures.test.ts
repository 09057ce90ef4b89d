// The final4 blind sets (task descriptions and chat-style requests over all four catalogues) are measured by
// someone else, figures only. This checks only that they are well formed: every entry is `final` with a
// non-empty expect list of tools that exist, no request is asked twice (within or across the two files), and
// the sets are as large and as spread over the servers and catalogues as promised. It runs no search, on
// purpose (the sets must stay unseen by the ranking).
import { describe, expect, it } from "vitest";
import {
  ALL_CATALOGUES,
  loadCatalogue,
  loadQuerySet,
  malformedQueries,
  repeatedQueries,
  serversOf,
  setServers,
  toolIds,
  unknownTools,
} from "./query-sets.js";

const tools = toolIds(ALL_CATALOGUES);
const serversByCatalogue = new Map(
  ALL_CATALOGUES.map((dir) => [dir, loadCatalogue(dir).map((c) => c.server)]),
);

describe.each([
  ["final4-tasks", 160],
  ["final4-user", 100],
] as const)("search-queries-%s.json", (name, minimum) => {
  const set = loadQuerySet(name);

  it("is searched over all four catalogues and says how it was written", () => {
    expect({
      catalogues: set.catalogues,
      hasAuthor: typeof set.author === "string" && set.author.length > 40,
      keys: Object.keys(set).sort(),
    }).toEqual({ catalogues: ALL_CATALOGUES, hasAuthor: true, keys: ["author", "catalogues", "queries"] });
  });

  it(`has at least ${minimum} distinct final queries with only query, expect and split`, () => {
    const extraKeys = set.queries.filter((q) => Object.keys(q).sort().join(",") !== "expect,query,split");
    expect({
      enough: set.queries.length >= minimum,
      malformed: [...malformedQueries(set.queries, ["final"]), ...extraKeys],
      duplicates: repeatedQueries(set.queries),
    }).toEqual({ enough: true, malformed: [], duplicates: [] });
  });

  it("expects only tools that exist in the four catalogues", () => {
    expect(unknownTools(set.queries, tools)).toEqual([]);
  });

  it("covers at least 120 servers and two thirds of the servers of every catalogue", () => {
    const covered = setServers(set.queries);
    const thin = ALL_CATALOGUES.filter((dir) => {
      const servers = serversByCatalogue.get(dir) ?? [];
      return servers.filter((s) => covered.has(s)).length < (servers.length * 2) / 3;
    });
    expect({ enoughServers: covered.size >= 120, thin }).toEqual({ enoughServers: true, thin: [] });
  });

  it("leans on no single server: at most 3 entries aimed at one, at most 6 that expect any of its tools", () => {
    // An entry is aimed at the server of its first expected tool; further servers are equivalents listed
    // because the request does not name the product, so they may recur a little more often.
    const aimed = new Map<string, number>();
    const touched = new Map<string, number>();
    for (const q of set.queries) {
      const first = q.expect[0]?.split("/")[0] ?? "";
      aimed.set(first, (aimed.get(first) ?? 0) + 1);
      for (const s of serversOf(q)) touched.set(s, (touched.get(s) ?? 0) + 1);
    }
    expect({
      overAimed: [...aimed].filter(([, n]) => n > 3),
      overTouched: [...touched].filter(([, n]) => n > 6),
    }).toEqual({ overAimed: [], overTouched: [] });
  });
});

describe("the two final4 sets together", () => {
  it("never ask the same request in both files", () => {
    const both = [...loadQuerySet("final4-tasks").queries, ...loadQuerySet("final4-user").queries];
    expect(repeatedQueries(both)).toEqual([]);
  });
});
