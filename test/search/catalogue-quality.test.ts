// Search quality on real tool lists (§15.1): task descriptions written the way users and models ask, each
// with the tools that would do it. recall@5 = share of queries with an expected tool in the first five.
// The held-out half was never looked at while the ranking was tuned; both halves are reported.
import { describe, expect, it } from "vitest";
import { buildToolIndex } from "../../src/core/search/index.js";
import { catalogueTools, loadCatalogue, loadQueries, type QualityQuery } from "./catalogue.js";

const servers = loadCatalogue();
const tools = catalogueTools(servers);
const index = buildToolIndex(tools);
const queries = loadQueries();

function misses(qs: QualityQuery[], k: number): { query: string; got: string[] }[] {
  return qs.flatMap((q) => {
    const got = index.search(q.query, { limit: k }).map((h) => `${h.server ?? ""}/${h.tool ?? h.name}`);
    return got.some((g) => q.expect.includes(g)) ? [] : [{ query: q.query, got }];
  });
}

const recall = (qs: QualityQuery[]) => (qs.length - misses(qs, 5).length) / qs.length;

describe("tool search on the captured catalogue", () => {
  it("is a real catalogue: 15+ servers, 500+ tools, and every expected tool exists in it", () => {
    expect(servers.length).toBeGreaterThanOrEqual(15);
    expect(tools.length).toBeGreaterThanOrEqual(500);
    const known = new Set(tools.map((t) => `${t.server ?? ""}/${t.tool ?? t.name}`));
    expect(queries.flatMap((q) => q.expect).filter((e) => !known.has(e))).toEqual([]);
    expect(queries.length).toBeGreaterThanOrEqual(60);
  });

  it("finds an expected tool in the top 5 for at least 90% of task descriptions, in each half", () => {
    const tuned = queries.filter((q) => !q.heldOut);
    const held = queries.filter((q) => q.heldOut);
    const report = {
      tuned: recall(tuned),
      heldOut: recall(held),
      all: recall(queries),
      missed: misses(queries, 5),
    };
    console.log(
      `recall@5: all ${report.all.toFixed(3)} (${queries.length}), tuned half ${report.tuned.toFixed(3)}, held-out half ${report.heldOut.toFixed(3)}`,
    );
    expect({ ...report, ok: report.all >= 0.9 && report.heldOut >= 0.9 && report.tuned >= 0.9 }).toEqual({
      ...report,
      ok: true,
    });
  });
});
