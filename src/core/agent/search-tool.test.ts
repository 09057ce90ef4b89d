import { describe, expect, it } from "vitest";
import { runSearch, type SearchHit } from "./search-tool.js";

function deps(hits: SearchHit[]) {
  const found: string[][] = [];
  const queries: [string, number | undefined][] = [];
  return {
    found,
    queries,
    deps: {
      index: () => ({
        search: (q: string, o?: { limit?: number }) => {
          queries.push([q, o?.limit]);
          return hits.slice(0, o?.limit ?? 10);
        },
      }),
      found: (n: string[]) => found.push(n),
      deferredServers: () => [{ server: "gitlab", tools: 118 }],
    },
  };
}

describe("search_tools", () => {
  it("lists names one a line with server and a one-line description, and loads them", () => {
    const d = deps([
      { name: "mcp__gitlab__create_merge_request", server: "gitlab", description: "Create a\nmerge request" },
      { name: "read_file", description: "" },
    ]);
    expect(runSearch({ query: " merge request ", limit: 50 }, d.deps)).toEqual({
      text: "2 tools found and loaded; call them by name:\nmcp__gitlab__create_merge_request (server gitlab): Create a merge request\nread_file: (no description)",
      isError: false,
      media: [],
      truncated: false,
    });
    expect([d.queries, d.found]).toEqual([
      [["merge request", 20]],
      [["mcp__gitlab__create_merge_request", "read_file"]],
    ]);
  });

  it("defaults to 5 results and says what is deferred when nothing matches", () => {
    const d = deps([]);
    expect(runSearch({ query: "zzz" }, d.deps).text).toBe(
      'No tools match "zzz". Try other words for the task; deferred servers: gitlab (118).',
    );
    expect([d.queries, d.found]).toEqual([[["zzz", 5]], []]);
  });

  it("asks for a query when there is none", () => {
    expect(runSearch({}, deps([]).deps)).toMatchObject({ isError: true });
  });
});
