// Search quality on real tool lists (§15.1): task descriptions written the way users and models ask, each
// with the tools that would do it. recall@5 = share of queries with an expected tool in the first five.
// The held-out half was never looked at while the ranking was tuned; both halves are reported.
import { describe, expect, it } from "vitest";
import { buildToolIndex } from "../../src/core/search/index.js";
import {
  catalogueTools,
  loadCatalogue,
  loadQueries,
  loadTaskQueries,
  repeatedCatalogue,
  type QualityQuery,
} from "./catalogue.js";

const servers = loadCatalogue();
const tools = catalogueTools(servers);
const index = buildToolIndex(tools);
const queries = loadQueries();
const tasks = loadTaskQueries();

/** `server-3` counts as `server`: a copy of the right tool is the right tool. */
const original = (server: string) => server.replace(/-\d+$/, "");

function misses(qs: QualityQuery[], k: number, ix = index): { query: string; got: string[] }[] {
  return qs.flatMap((q) => {
    const got = ix
      .search(q.query, { limit: k })
      .map((h) => `${original(h.server ?? "")}/${h.tool ?? h.name}`);
    return got.some((g) => q.expect.includes(g)) ? [] : [{ query: q.query, got }];
  });
}

const recall = (qs: QualityQuery[], ix = index) => (qs.length - misses(qs, 5, ix).length) / qs.length;

describe("tool search on the captured catalogue", () => {
  it("is a real catalogue: 15+ servers, 500+ tools, and every expected tool exists in it", () => {
    expect(servers.length).toBeGreaterThanOrEqual(15);
    expect(tools.length).toBeGreaterThanOrEqual(500);
    const known = new Set(tools.map((t) => `${t.server ?? ""}/${t.tool ?? t.name}`));
    expect(queries.flatMap((q) => q.expect).filter((e) => !known.has(e))).toEqual([]);
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(tasks.flatMap((q) => q.expect).filter((e) => !known.has(e))).toEqual([]);
    expect(tasks.length).toBeGreaterThanOrEqual(30);
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

  it("finds the tool for at least 90% of the later task descriptions (held out, never tuned on)", () => {
    const report = { recall: recall(tasks), missed: misses(tasks, 5) };
    console.log(`recall@5 on ${tasks.length} later task descriptions: ${report.recall.toFixed(3)}`);
    expect({ ...report, ok: report.recall >= 0.9 }).toEqual({ ...report, ok: true });
  });

  it("keeps its recall when every server is there 9 times (5 000 tools of copies)", () => {
    const big = buildToolIndex(catalogueTools(repeatedCatalogue(9, servers)));
    expect(big.size).toBe(tools.length * 9);
    const all = [...queries, ...tasks];
    const missed = (ix: typeof index) => misses(all, 5, ix).map((m) => m.query);
    expect({ recall: recall(all, big), missed: missed(big) }).toEqual({
      recall: recall(all),
      missed: missed(index),
    });
  });
});
