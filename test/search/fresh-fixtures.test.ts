// The fresh catalogue and its blind query sets are data other tests measure search on. This checks only that
// they are well formed: every expected tool exists in the catalogues the set names, fields and splits are
// right, and the sets are as large as promised. It runs no search, on purpose (the sets must stay unseen).
import { describe, expect, it } from "vitest";
import {
  loadCatalogue,
  loadQuerySet,
  malformedQueries,
  repeatedQueries,
  toolIds,
  unknownTools,
} from "./query-sets.js";

const main = new Set(loadCatalogue("catalogue").map((c) => c.server));
const heldout = new Set(loadCatalogue("catalogue-heldout").map((c) => c.server));
const fresh = loadCatalogue("catalogue-fresh");

describe("fresh catalogue", () => {
  it("holds at least 25 servers and 600 tools, none of them in the other two catalogues", () => {
    const servers = fresh.map((c) => c.server);
    expect({
      enoughServers: servers.length >= 25,
      enoughTools: fresh.reduce((n, c) => n + c.tools.length, 0) >= 600,
      overlap: servers.filter((s) => main.has(s) || heldout.has(s)),
    }).toEqual({ enoughServers: true, enoughTools: true, overlap: [] });
  });

  it("has files named after their server, with a package, a version and uniquely named tools", () => {
    const bad = fresh.flatMap((c) => {
      const names = c.tools.map((t) => t.name);
      const problems: string[] = [];
      if (typeof c.package !== "string" || c.package === "") problems.push(`${c.server}: no package`);
      if (typeof c.version !== "string" || c.version === "") problems.push(`${c.server}: no version`);
      if (names.length === 0) problems.push(`${c.server}: no tools`);
      if (new Set(names).size !== names.length) problems.push(`${c.server}: duplicate tool names`);
      return problems;
    });
    expect(bad).toEqual([]);
  });

  it("does not repeat a package of the other two catalogues", () => {
    const taken = new Set(
      [...loadCatalogue("catalogue"), ...loadCatalogue("catalogue-heldout")].map((c) => c.package),
    );
    expect(fresh.map((c) => c.package).filter((p) => taken.has(p))).toEqual([]);
  });
});

describe.each([
  ["fresh-user", 120],
  ["fresh-model", 60],
])("search-queries-%s.json", (name, minimum) => {
  const set = loadQuerySet(name);
  const tools = toolIds(set.catalogues);

  it("is a held-out set over all three catalogues, with a note", () => {
    expect({
      role: set.role,
      author: set.author,
      catalogues: set.catalogues,
      hasNote: typeof set.note === "string" && set.note.length > 40,
    }).toEqual({
      role: "heldout",
      author: "fresh",
      catalogues: ["catalogue", "catalogue-heldout", "catalogue-fresh"],
      hasNote: true,
    });
  });

  it(`has at least ${minimum} well-formed, distinct queries split half dev, half final`, () => {
    const queries = set.queries;
    const dev = queries.filter((q) => q.split === "dev").length;
    expect({
      enough: queries.length >= minimum,
      malformed: malformedQueries(queries, ["dev", "final"]),
      duplicates: repeatedQueries(queries),
      balanced: Math.abs(dev - (queries.length - dev)) <= 1,
    }).toEqual({ enough: true, malformed: [], duplicates: [], balanced: true });
  });

  it("expects only tools that exist in the named catalogues", () => {
    expect(unknownTools(set.queries, tools)).toEqual([]);
  });
});
