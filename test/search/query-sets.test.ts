// The format of the search-quality fixtures (§15.1): every query set and every captured catalogue, in one table.
// A recall figure is worth something only if each expected answer is a real tool of the catalogues the set is
// searched over, no question is asked twice, the splits are what the quality test reads, and the sets are as
// large and spread as their authors promised. It runs no search, on purpose: the held-out sets stay unseen.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ALL_CATALOGUES,
  FIXTURES,
  loadCatalogue,
  loadQuerySet,
  malformedQueries,
  repeatedQueries,
  setServers,
  toolIds,
  unknownTools,
} from "./query-sets.js";

const FIRST_TWO = ALL_CATALOGUES.slice(0, 2);
const FIRST_THREE = ALL_CATALOGUES.slice(0, 3);

interface SetRow {
  /** `search-queries-NAME.json` ("" for search-queries.json). */
  name: string;
  /** The catalogues it is searched over (stated in the file, or the main one for the oldest sets). */
  catalogues: string[];
  /** Splits its entries may have; none: entries carry no split. */
  splits: string[];
  minQueries: number;
  minServers: number;
  /** Dev and final halves within one entry of each other. */
  halves?: boolean;
}

const SETS: SetRow[] = [
  { name: "", catalogues: ["catalogue"], splits: [], minQueries: 80, minServers: 15 },
  { name: "tune", catalogues: ["catalogue"], splits: [], minQueries: 150, minServers: 15 },
  { name: "tasks", catalogues: ["catalogue"], splits: [], minQueries: 30, minServers: 10 },
  { name: "user", catalogues: FIRST_TWO, splits: [], minQueries: 60, minServers: 20 },
  { name: "model", catalogues: FIRST_TWO, splits: [], minQueries: 60, minServers: 20 },
  {
    name: "blind-user",
    catalogues: FIRST_TWO,
    splits: ["dev", "final"],
    minQueries: 150,
    minServers: 45,
    halves: true,
  },
  {
    name: "blind-model",
    catalogues: FIRST_TWO,
    splits: ["dev", "final"],
    minQueries: 80,
    minServers: 30,
    halves: true,
  },
  {
    name: "fresh-user",
    catalogues: FIRST_THREE,
    splits: ["dev", "final"],
    minQueries: 120,
    minServers: 30,
    halves: true,
  },
  {
    name: "fresh-model",
    catalogues: FIRST_THREE,
    splits: ["dev", "final"],
    minQueries: 60,
    minServers: 20,
    halves: true,
  },
  { name: "final3-user", catalogues: FIRST_THREE, splits: ["final"], minQueries: 150, minServers: 90 },
  { name: "final3-tasks", catalogues: FIRST_THREE, splits: ["final"], minQueries: 100, minServers: 60 },
  { name: "unseen-user", catalogues: ALL_CATALOGUES, splits: ["final"], minQueries: 120, minServers: 40 },
  { name: "unseen-tasks", catalogues: ALL_CATALOGUES, splits: ["final"], minQueries: 60, minServers: 30 },
  { name: "final4-user", catalogues: ALL_CATALOGUES, splits: ["final"], minQueries: 100, minServers: 100 },
  { name: "final4-tasks", catalogues: ALL_CATALOGUES, splits: ["final"], minQueries: 160, minServers: 120 },
];

describe("query sets", () => {
  it("are exactly the files in test/fixtures, each in the table", () => {
    const files = readdirSync(FIXTURES).filter((f) => /^search-queries.*\.json$/.test(f));
    expect(files.sort()).toEqual(
      SETS.map((s) => (s.name === "" ? "search-queries.json" : `search-queries-${s.name}.json`)).sort(),
    );
  });

  it.each(SETS)("$name: well formed, distinct, real tools, large and spread enough", (row) => {
    const set = loadQuerySet(row.name);
    const queries = set.queries;
    // The oldest sets carry a heldOut flag instead of a split; the check is the same with no split.
    const malformed =
      row.splits.length > 0
        ? malformedQueries(queries, row.splits)
        : malformedQueries(
            queries.map((q) => ({ ...q, split: "-" })),
            ["-"],
          );
    const dev = queries.filter((q) => q.split === "dev").length;
    expect({
      catalogues: set.catalogues ?? ["catalogue"],
      malformed,
      repeated: repeatedQueries(queries),
      unknown: unknownTools(queries, toolIds(row.catalogues)),
      enoughQueries: queries.length >= row.minQueries,
      enoughServers: setServers(queries).size >= row.minServers,
      halves: row.halves === true ? Math.abs(dev - (queries.length - dev)) <= 1 : true,
    }).toEqual({
      catalogues: row.catalogues,
      malformed: [],
      repeated: [],
      unknown: [],
      enoughQueries: true,
      enoughServers: true,
      halves: true,
    });
  });

  it("never ask one request in both sets of an author", () => {
    const pairs = [
      ["final4-tasks", "final4-user"],
      ["unseen-tasks", "unseen-user"],
      ["final3-tasks", "final3-user"],
    ];
    const repeats = pairs.map((p) => repeatedQueries(p.flatMap((n) => loadQuerySet(n).queries)));
    expect(repeats).toEqual([[], [], []]);
  });
});

describe("catalogues", () => {
  it.each([
    { dir: "catalogue", minServers: 15, minTools: 500 },
    { dir: "catalogue-heldout", minServers: 30, minTools: 1000 },
    { dir: "catalogue-fresh", minServers: 25, minTools: 600 },
    { dir: "catalogue-unseen", minServers: 25, minTools: 500 },
  ])("$dir holds at least $minServers servers and $minTools tools", ({ dir, minServers, minTools }) => {
    const servers = loadCatalogue(dir);
    expect({
      enoughServers: servers.length >= minServers,
      enoughTools: servers.reduce((n, c) => n + c.tools.length, 0) >= minTools,
    }).toEqual({ enoughServers: true, enoughTools: true });
  });

  it.each(ALL_CATALOGUES)(
    "%s: files named after their server, with a package, a version and uniquely named tools",
    (dir) => {
      const files = readdirSync(join(FIXTURES, dir))
        .filter((f) => f.endsWith(".json"))
        .sort();
      const bad = loadCatalogue(dir).flatMap((c, i) => {
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
    },
  );

  it("repeat no server or package of an earlier catalogue", () => {
    const seen = { servers: new Set<string>(), packages: new Set<string>() };
    const repeats: string[] = [];
    for (const dir of ALL_CATALOGUES.slice(1)) {
      const earlier = ALL_CATALOGUES.slice(0, ALL_CATALOGUES.indexOf(dir)).flatMap(loadCatalogue);
      for (const c of earlier) {
        seen.servers.add(c.server);
        seen.packages.add(c.package);
      }
      for (const c of loadCatalogue(dir)) {
        if (seen.servers.has(c.server) || seen.packages.has(c.package)) repeats.push(`${dir}/${c.server}`);
      }
    }
    expect(repeats).toEqual([]);
  });
});
