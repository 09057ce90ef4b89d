// Search quality on real tool lists (§15.1), one row per query set: recall@5 = share of queries with an expected
// tool in the first five, over the catalogues the set was written for, each kept at its floor and printed.
// Tuned on: the tuned half of search-queries.json and search-queries-tune.json. Held out (measured only, their
// misses never printed): the rest, and the blind sets written by people who never saw the ranking, whose
// `final` halves are only ever a figure.
import { describe, expect, it } from "vitest";
import { buildToolIndex, type ToolIndex } from "../../src/core/search/index.js";
import { catalogueTools, loadCatalogue as loadServers, repeatedCatalogue } from "./catalogue.js";
import { ALL_CATALOGUES, FIXTURES, loadQuerySet, type SetQuery } from "./query-sets.js";
import { join } from "node:path";

const FIRST_TWO = ALL_CATALOGUES.slice(0, 2);
const FIRST_THREE = ALL_CATALOGUES.slice(0, 3);

interface QualityRow {
  label: string;
  /** Query sets (`""`: search-queries.json), joined. */
  sets: string[];
  /** Only the entries of this split, or of this half of search-queries.json. */
  only?: "dev" | "final" | "tuned" | "heldOut";
  catalogues: string[];
  /** recall@5 the row keeps: a little under what the ranking reached when the set was first measured. */
  floor: number;
  /** A tuned set's misses are printed to work on; a held-out set's never are. */
  showMisses?: boolean;
}

const ROWS: QualityRow[] = [
  {
    label: "search-queries, tuned half",
    sets: [""],
    only: "tuned",
    catalogues: ["catalogue"],
    floor: 0.95,
    showMisses: true,
  },
  {
    label: "search-queries, held-out half",
    sets: [""],
    only: "heldOut",
    catalogues: ["catalogue"],
    floor: 0.95,
  },
  { label: "tasks", sets: ["tasks"], catalogues: ["catalogue"], floor: 0.96 },
  { label: "tune", sets: ["tune"], catalogues: ["catalogue"], floor: 0.97, showMisses: true },
  { label: "user", sets: ["user"], catalogues: FIRST_TWO, floor: 0.97 },
  { label: "model", sets: ["model"], catalogues: FIRST_TWO, floor: 0.94 },
  {
    label: "search-queries + tasks over two catalogues",
    sets: ["", "tasks"],
    catalogues: FIRST_TWO,
    floor: 0.93,
  },
  { label: "blind-user dev", sets: ["blind-user"], only: "dev", catalogues: FIRST_TWO, floor: 0.95 },
  { label: "blind-user final", sets: ["blind-user"], only: "final", catalogues: FIRST_TWO, floor: 0.91 },
  { label: "blind-model dev", sets: ["blind-model"], only: "dev", catalogues: FIRST_TWO, floor: 0.95 },
  { label: "blind-model final", sets: ["blind-model"], only: "final", catalogues: FIRST_TWO, floor: 0.96 },
  { label: "fresh-user dev", sets: ["fresh-user"], only: "dev", catalogues: FIRST_THREE, floor: 0.92 },
  { label: "fresh-user final", sets: ["fresh-user"], only: "final", catalogues: FIRST_THREE, floor: 0.83 },
  { label: "fresh-model dev", sets: ["fresh-model"], only: "dev", catalogues: FIRST_THREE, floor: 0.94 },
  { label: "fresh-model final", sets: ["fresh-model"], only: "final", catalogues: FIRST_THREE, floor: 0.96 },
  // final3 became development data once measured (its misses were studied): its floors are tuned figures.
  { label: "final3-user", sets: ["final3-user"], catalogues: FIRST_THREE, floor: 0.8 },
  { label: "final3-tasks", sets: ["final3-tasks"], catalogues: FIRST_THREE, floor: 0.92 },
  { label: "unseen-user", sets: ["unseen-user"], catalogues: ALL_CATALOGUES, floor: 0.91 },
  { label: "unseen-tasks", sets: ["unseen-tasks"], catalogues: ALL_CATALOGUES, floor: 0.91 },
  // By a third author, measured twice, figures only: before one round's ranking changes (tasks 0.952, user
  // 0.879) and after them (0.965, 0.887).
  { label: "final4-tasks", sets: ["final4-tasks"], catalogues: ALL_CATALOGUES, floor: 0.95 },
  { label: "final4-user", sets: ["final4-user"], catalogues: ALL_CATALOGUES, floor: 0.87 },
];

/** One index per list of catalogues, shared by the rows searched over it. */
const indexes = new Map<string, ToolIndex>();
function indexOver(catalogues: string[]): ToolIndex {
  const key = catalogues.join(" + ");
  let index = indexes.get(key);
  if (index === undefined) {
    index = buildToolIndex(catalogueTools(catalogues.flatMap((c) => loadServers(join(FIXTURES, c)))));
    indexes.set(key, index);
  }
  return index;
}

type Entry = SetQuery & { heldOut?: boolean };

function entries(row: QualityRow): Entry[] {
  const all = row.sets.flatMap((s) => loadQuerySet(s).queries as Entry[]);
  if (row.only === "tuned") return all.filter((q) => q.heldOut !== true);
  if (row.only === "heldOut") return all.filter((q) => q.heldOut === true);
  return row.only === undefined ? all : all.filter((q) => q.split === row.only);
}

/** The queries with no expected tool in the first `k`, with what came instead. */
function misses(qs: readonly Entry[], index: ToolIndex, k = 5): { query: string; got: string[] }[] {
  return qs.flatMap((q) => {
    const got = index.search(q.query, { limit: k }).map((h) => `${h.server ?? ""}/${h.tool ?? h.name}`);
    return got.some((g) => q.expect.includes(g)) ? [] : [{ query: q.query, got }];
  });
}

describe("tool search quality", () => {
  it.each(ROWS)("keeps recall@5 on $label", (row) => {
    const qs = entries(row);
    const index = indexOver(row.catalogues);
    const missed = misses(qs, index);
    const recall = (qs.length - missed.length) / qs.length;
    console.log(`recall@5 ${recall.toFixed(3)} on ${row.label} (${qs.length} queries, ${index.size} tools)`);
    expect({
      row: row.label,
      keeps: recall >= row.floor,
      ...(row.showMisses === true && recall < row.floor && { missed }),
    }).toEqual({ row: row.label, keeps: true });
  });

  it("ranks alike when every server is there 9 times (5 000 tools of copies)", () => {
    const servers = loadServers();
    const one = indexOver(["catalogue"]);
    const big = buildToolIndex(catalogueTools(repeatedCatalogue(9, servers)));
    const names = new Set(servers.map((s) => s.server));
    // `server-3` counts as `server`: a copy of the right tool is the right tool.
    const original = (s: string) => (names.has(s) ? s : s.replace(/-\d+$/, ""));
    const qs = [...loadQuerySet("").queries, ...loadQuerySet("tasks").queries];
    const missedIn = (ix: ToolIndex) =>
      qs
        .filter(
          (q) =>
            !ix
              .search(q.query, { limit: 5 })
              .some((h) => q.expect.includes(`${original(h.server ?? "")}/${h.tool ?? h.name}`)),
        )
        .map((q) => q.query);
    expect({ size: big.size, missed: missedIn(big) }).toEqual({ size: one.size * 9, missed: missedIn(one) });
  });
});
