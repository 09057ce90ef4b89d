// The unseen catalogue and its blind query sets are data other tests and benches measure search on. This
// checks only that they are well formed: the catalogue is new (no server or package of the other three),
// every query is final with an expectation, and every expected tool exists in the four catalogues. It runs
// no search, on purpose: the sets must stay unseen by the ranking.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ALL_CATALOGUES as CATALOGUES,
  FIXTURES as fixtures,
  loadCatalogue,
  loadQuerySet,
  malformedQueries,
  repeatedQueries,
  serversOf,
  toolIds,
  unknownTools,
} from "./query-sets.js";

const unseen = loadCatalogue("catalogue-unseen");
const others = ["catalogue", "catalogue-heldout", "catalogue-fresh"].flatMap(loadCatalogue);

describe("unseen catalogue", () => {
  it("holds at least 25 servers and 500 tools", () => {
    expect({
      enoughServers: unseen.length >= 25,
      enoughTools: unseen.reduce((n, c) => n + c.tools.length, 0) >= 500,
    }).toEqual({ enoughServers: true, enoughTools: true });
  });

  it("repeats no server name or package of the other three catalogues", () => {
    const servers = new Set(others.map((c) => c.server));
    const packages = new Set(others.map((c) => c.package));
    expect({
      servers: unseen.map((c) => c.server).filter((s) => servers.has(s)),
      packages: unseen.map((c) => c.package).filter((p) => packages.has(p)),
    }).toEqual({ servers: [], packages: [] });
  });

  it("has files named after their server, with a package, a version and uniquely named tools", () => {
    const files = readdirSync(join(fixtures, "catalogue-unseen"))
      .filter((f) => f.endsWith(".json"))
      .sort();
    const bad = unseen.flatMap((c, i) => {
      const names = c.tools.map((t) => t.name);
      const problems: string[] = [];
      if (files[i] !== `${c.server}.json`) problems.push(`${files[i]}: server is ${c.server}`);
      if (typeof c.package !== "string" || c.package === "") problems.push(`${c.server}: no package`);
      if (typeof c.version !== "string" || c.version === "") problems.push(`${c.server}: no version`);
      if (names.length === 0) problems.push(`${c.server}: no tools`);
      if (new Set(names).size !== names.length) problems.push(`${c.server}: duplicate tool names`);
      return problems;
    });
    expect(bad).toEqual([]);
  });
});

describe.each([
  ["unseen-user", 140],
  ["unseen-tasks", 75],
])("search-queries-%s.json", (name, minimum) => {
  const set = loadQuerySet(name);
  const tools = toolIds(set.catalogues);
  const unseenServers = new Set(unseen.map((c) => c.server));

  it("is searched over all four catalogues and says how it was written", () => {
    expect({
      catalogues: set.catalogues,
      hasAuthor: typeof set.author === "string" && set.author.length > 40,
    }).toEqual({ catalogues: CATALOGUES, hasAuthor: true });
  });

  it(`has at least ${minimum} distinct final queries, each with an expectation`, () => {
    expect({
      enough: set.queries.length >= minimum,
      malformed: malformedQueries(set.queries, ["final"]),
      duplicates: repeatedQueries(set.queries),
    }).toEqual({ enough: true, malformed: [], duplicates: [] });
  });

  it("aims about two thirds or more of its queries at the unseen catalogue, the rest at the others", () => {
    const aimed = set.queries.filter((q) => [...serversOf(q)].some((s) => unseenServers.has(s)));
    const share = aimed.length / set.queries.length;
    expect({ mostlyUnseen: share >= 0.65, someOthers: share <= 0.8 }).toEqual({
      mostlyUnseen: true,
      someOthers: true,
    });
  });

  it("expects only tools that exist in the four catalogues", () => {
    expect(unknownTools(set.queries, tools)).toEqual([]);
  });
});
