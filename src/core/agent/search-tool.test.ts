import { describe, expect, it } from "vitest";
import type { LoadReport } from "./load-report.js";
import { runSearch, type SearchHit } from "./search-tool.js";

const LIMIT = "limit 128 tools per request of provider openai";

function deps(hits: SearchHit[], report: Omit<LoadReport, "limit"> = { notLoaded: [], unloaded: [] }) {
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
      found: (n: string[]): LoadReport => {
        found.push(n);
        return { ...report, limit: LIMIT };
      },
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

  const hits: SearchHit[] = ["a", "b", "c"].map((t) => ({
    name: `mcp__gl__${t}`,
    server: "gl",
    description: `Does ${t}`,
  }));
  const why = `${LIMIT}; a call by exact name still works`;

  it.each<[string, Omit<LoadReport, "limit">, string]>([
    [
      "some loaded, some past the provider's limit, some unloaded to make room",
      { notLoaded: [{ name: "mcp__gl__c", reason: why }], unloaded: ["mcp__x__old1", "mcp__x__old2"] },
      "3 tools found; 2 loaded, call them by name:\n" +
        "mcp__gl__a (server gl): Does a\nmcp__gl__b (server gl): Does b\n" +
        `Not loaded (${why}):\nmcp__gl__c (server gl): Does c\n` +
        `Unloaded to stay under the ${LIMIT} (a call by exact name still works): mcp__x__old1, mcp__x__old2`,
    ],
    [
      "all loaded, older ones unloaded",
      { notLoaded: [], unloaded: ["mcp__x__old1"] },
      "3 tools found and loaded; call them by name:\n" +
        "mcp__gl__a (server gl): Does a\nmcp__gl__b (server gl): Does b\nmcp__gl__c (server gl): Does c\n" +
        `Unloaded to stay under the ${LIMIT} (a call by exact name still works): mcp__x__old1`,
    ],
    [
      "none loaded, grouped by why",
      {
        notLoaded: [
          { name: "mcp__gl__a", reason: why },
          { name: "mcp__gl__b", reason: "the provider accepts tool names of 1-64 characters" },
          { name: "mcp__gl__c", reason: why },
        ],
        unloaded: [],
      },
      "3 tools found, none loaded:\n" +
        `Not loaded (${why}):\nmcp__gl__a (server gl): Does a\nmcp__gl__c (server gl): Does c\n` +
        "Not loaded (the provider accepts tool names of 1-64 characters):\nmcp__gl__b (server gl): Does b",
    ],
  ])("says exactly what the next step gets: %s", (_, report, text) => {
    expect(runSearch({ query: "gl" }, deps(hits, report).deps).text).toBe(text);
  });

  it("asks for a query when there is none", () => {
    expect(runSearch({}, deps([]).deps)).toMatchObject({ isError: true });
  });
});
