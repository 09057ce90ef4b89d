import { describe, expect, it } from "vitest";
import { listingOfLine, type ListingContext } from "./list-line.js";

const legacy: ListingContext = { http: false, era: "legacy", canRunTasks: false };
const line = (result: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id: 3, result, ...extra });
const a = { name: "a", description: "A", inputSchema: { type: "object" } };
const job = { name: "job", execution: { taskSupport: "required" } };

describe("listingOfLine", () => {
  it.each([
    ["a whole tool list", line({ tools: [a] }), legacy, { kind: "tools", tools: [a] }],
    ["a page of a list that goes on", line({ tools: [a], nextCursor: "c1" }), legacy, { kind: "page" }],
    [
      "even a cursor pagination would stop at",
      line({ tools: [a], nextCursor: "" }),
      legacy,
      { kind: "page" },
    ],
    ["another result", line({ resources: [] }), legacy, { kind: "other" }],
    ["a request", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), legacy, { kind: "other" }],
    ["no id", JSON.stringify({ jsonrpc: "2.0", result: { tools: [a] } }), legacy, { kind: "other" }],
    ["not JSON-RPC 2.0", JSON.stringify({ id: 1, result: { tools: [a] } }), legacy, { kind: "other" }],
    ["not JSON", "{ tools: [", legacy, { kind: "other" }],
    [
      "task-only tools kept where tasks run",
      line({ tools: [a, job] }),
      { ...legacy, canRunTasks: true },
      {
        kind: "tools",
        tools: [a, { name: "job", taskSupport: "required" }],
      },
    ],
    [
      "task-only tools left out where they cannot",
      line({ tools: [a, job] }),
      legacy,
      {
        kind: "tools",
        tools: [a],
      },
    ],
    [
      "includeTools and excludeTools",
      line({ tools: [a, { name: "b" }, { name: "c" }] }),
      {
        ...legacy,
        includeTools: ["a", "b"],
        excludeTools: ["b"],
      },
      { kind: "tools", tools: [a] },
    ],
  ])("%s", (_what, text, ctx, expected) => {
    expect(listingOfLine(text, ctx)).toEqual(expected);
  });
});
