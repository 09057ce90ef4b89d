// Search quality on the last blind sets (§15.1), each written by someone who never saw the ranking, its tests
// or a search result: final3 over the three earlier catalogues, unseen over those and a fourth catalogue
// (test/fixtures/catalogue-unseen), final4 over all four. unseen and final4 are held out: only the recall figure
// is ever printed, never a query or a miss, so nobody tunes on them. final3 became development data once
// measured (its misses were studied), so its floors are tuned figures.
import { describe, expect, it } from "vitest";
import { buildToolIndex } from "../../src/core/search/index.js";
import {
  CATALOGUE_DIR,
  catalogueTools,
  FRESH_CATALOGUE_DIR,
  HELDOUT_CATALOGUE_DIR,
  loadBlindSet,
  loadCatalogue,
  UNSEEN_CATALOGUE_DIR,
} from "./catalogue.js";

const DIRS: Record<string, string> = {
  catalogue: CATALOGUE_DIR,
  "catalogue-heldout": HELDOUT_CATALOGUE_DIR,
  "catalogue-fresh": FRESH_CATALOGUE_DIR,
  "catalogue-unseen": UNSEEN_CATALOGUE_DIR,
};

/**
 * recall@5 each set keeps: a little under what the ranking reached when the sets were first measured; final3
 * became development data later (its misses read to improve the ranking), its floors just under the result.
 */
const FLOOR = {
  "final3-user": 0.8,
  "final3-tasks": 0.92,
  "unseen-user": 0.91,
  "unseen-tasks": 0.91,
  // Over the four catalogues by a third author, measured twice, figures only: before this round's ranking
  // changes (tasks 0.952, user 0.879) and after them (0.965, 0.887).
  "final4-tasks": 0.95,
  "final4-user": 0.87,
} as const;

/** One index per list of catalogues: the two sets of an author share theirs. */
const indexes = new Map<string, ReturnType<typeof buildToolIndex>>();
function indexOver(catalogues: string[]) {
  const key = catalogues.join(" + ");
  let index = indexes.get(key);
  if (index === undefined) {
    index = buildToolIndex(catalogueTools(catalogues.flatMap((c) => loadCatalogue(DIRS[c]))));
    indexes.set(key, index);
  }
  return index;
}

describe("tool search on the last blind sets", () => {
  it.each(Object.keys(FLOOR) as (keyof typeof FLOOR)[])(
    "keeps its recall@5 on %s over the catalogues it was written for",
    (name) => {
      const set = loadBlindSet(name);
      const index = indexOver(set.catalogues);
      const hits = set.queries.filter((q) =>
        index
          .search(q.query, { limit: 5 })
          .some((h) => q.expect.includes(`${h.server ?? ""}/${h.tool ?? h.name}`)),
      ).length;
      const recall = hits / set.queries.length;
      console.log(
        `recall@5 on ${name} over ${set.catalogues.length} catalogues (${index.size} tools): ${recall.toFixed(3)} (${set.queries.length})`,
      );
      expect({ set: name, keeps: recall >= FLOOR[name] }).toEqual({ set: name, keeps: true });
    },
  );
});
