// The blind query sets are only worth their recall figure if every expected answer is a real tool of the two
// catalogues and the sets are shaped as the quality test reads them. This checks exactly that and runs no search.
import { describe, expect, it } from "vitest";
import {
  loadQuerySet,
  malformedQueries,
  repeatedQueries,
  setServers,
  toolIds,
  unknownTools,
} from "./query-sets.js";

const CATALOGUES = ["catalogue", "catalogue-heldout"];

const known = toolIds(CATALOGUES);
const SETS = [
  { name: "blind-user", minQueries: 150, minServers: 45 },
  { name: "blind-model", minQueries: 80, minServers: 30 },
];

describe("blind query fixtures", () => {
  it("reads the two catalogues the sets are written against", () => {
    // 33 + 36 servers, 1 776 tools: if a catalogue is re-captured, the sets must be re-checked against it.
    expect(known.size).toBe(1776);
  });

  for (const { name, minQueries, minServers } of SETS) {
    describe(`search-queries-${name}.json`, () => {
      const set = loadQuerySet(name);

      it("has the header the quality test expects", () => {
        expect({
          role: set.role,
          author: set.author,
          catalogues: set.catalogues,
          noteSaysBlind: typeof set.note === "string" && /blind/i.test(set.note),
        }).toEqual({ role: "heldout", author: "blind", catalogues: CATALOGUES, noteSaysBlind: true });
      });

      it("names only tools that exist in the catalogues", () => {
        expect(unknownTools(set.queries, known)).toEqual([]);
      });

      it("has well-formed entries: a query, a non-empty expect without repeats, a dev or final split", () => {
        const extraKeys = set.queries.filter((q) => Object.keys(q).sort().join(",") !== "expect,query,split");
        expect([...malformedQueries(set.queries, ["dev", "final"]), ...extraKeys]).toEqual([]);
      });

      it("asks each question once", () => {
        expect(repeatedQueries(set.queries)).toEqual([]);
      });

      it("is large enough, spread over many servers and split in halves", () => {
        const servers = setServers(set.queries);
        const dev = set.queries.filter((q) => q.split === "dev").length;
        const final = set.queries.length - dev;
        expect({
          enoughQueries: set.queries.length >= minQueries,
          enoughServers: servers.size >= minServers,
          halves: Math.abs(dev - final) <= 1,
        }).toEqual({ enoughQueries: true, enoughServers: true, halves: true });
      });
    });
  }
});
