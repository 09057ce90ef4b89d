// The blind query sets are only worth their recall figure if every expected answer is a real tool of the two
// catalogues and the sets are shaped as the quality test reads them. This checks exactly that and runs no search.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const CATALOGUES = ["catalogue", "catalogue-heldout"];

interface BlindQuery {
  query: string;
  expect: string[];
  split: string;
}

interface BlindSet {
  note: string;
  role: string;
  author: string;
  catalogues: string[];
  queries: BlindQuery[];
}

function catalogueToolNames(): Set<string> {
  const names = new Set<string>();
  for (const dir of CATALOGUES) {
    for (const file of readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith(".json"))) {
      const doc = JSON.parse(readFileSync(join(FIXTURES, dir, file), "utf8")) as {
        server: string;
        tools: { name: string }[];
      };
      for (const tool of doc.tools) names.add(`${doc.server}/${tool.name}`);
    }
  }
  return names;
}

function loadSet(file: string): BlindSet {
  return JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as BlindSet;
}

const known = catalogueToolNames();
const SETS = [
  { file: "search-queries-blind-user.json", minQueries: 150, minServers: 45 },
  { file: "search-queries-blind-model.json", minQueries: 80, minServers: 30 },
];

describe("blind query fixtures", () => {
  it("reads the two catalogues the sets are written against", () => {
    // 33 + 36 servers, 1 776 tools: if a catalogue is re-captured, the sets must be re-checked against it.
    expect(known.size).toBe(1776);
  });

  for (const { file, minQueries, minServers } of SETS) {
    describe(file, () => {
      const set = loadSet(file);

      it("has the header the quality test expects", () => {
        expect({
          role: set.role,
          author: set.author,
          catalogues: set.catalogues,
          noteSaysBlind: typeof set.note === "string" && /blind/i.test(set.note),
        }).toEqual({ role: "heldout", author: "blind", catalogues: CATALOGUES, noteSaysBlind: true });
      });

      it("names only tools that exist in the catalogues", () => {
        const unknown = set.queries.flatMap((q) =>
          q.expect.filter((name) => !known.has(name)).map((name) => `${q.query} -> ${name}`),
        );
        expect(unknown).toEqual([]);
      });

      it("has well-formed entries: a query, a non-empty expect without repeats, a dev or final split", () => {
        const malformed = set.queries.filter(
          (q) =>
            typeof q.query !== "string" ||
            q.query.trim() === "" ||
            !Array.isArray(q.expect) ||
            q.expect.length === 0 ||
            new Set(q.expect).size !== q.expect.length ||
            (q.split !== "dev" && q.split !== "final") ||
            Object.keys(q).sort().join(",") !== "expect,query,split",
        );
        expect(malformed).toEqual([]);
      });

      it("asks each question once", () => {
        const seen = new Set<string>();
        const repeated = set.queries
          .map((q) => q.query.toLowerCase())
          .filter((q) => seen.has(q) || !seen.add(q));
        expect(repeated).toEqual([]);
      });

      it("is large enough, spread over many servers and split in halves", () => {
        const servers = new Set(set.queries.flatMap((q) => q.expect.map((name) => name.split("/")[0])));
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
