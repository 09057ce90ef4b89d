import { describe, expect, it } from "vitest";
import { limitText, reportLoad, unloadedLine, type LoadReport } from "./load-report.js";

const LIMIT = limitText(128, "openai");
const WHY = "limit 128 tools per request of provider openai; a call by exact name still works";
const plan = (overLimit: string[], leftOut: { name: string; reason: string }[] = []) => ({
  overLimit,
  leftOut,
});

describe("reportLoad", () => {
  it.each<[string, string[], ReturnType<typeof plan>, string[], Omit<LoadReport, "limit">]>([
    ["everything fits", ["a", "b"], plan([]), [], { notLoaded: [], unloaded: [] }],
    ["older tools made room", ["a", "b"], plan(["x", "y"]), [], { notLoaded: [], unloaded: ["x", "y"] }],
    ["each unloaded tool is said once", ["a"], plan(["x", "y"]), ["x"], { notLoaded: [], unloaded: ["y"] }],
    [
      "a found tool past the count is not loaded, not unloaded",
      ["a", "b"],
      plan(["b", "x"]),
      ["b"],
      { notLoaded: [{ name: "b", reason: WHY }], unloaded: ["x"] },
    ],
    [
      "a name the provider refuses",
      ["a", "bad.name"],
      plan([], [{ name: "bad.name", reason: "the provider accepts tool names of 1-64 characters" }]),
      [],
      {
        notLoaded: [{ name: "bad.name", reason: "the provider accepts tool names of 1-64 characters" }],
        unloaded: [],
      },
    ],
    ["after other calls (nothing found)", [], plan(["x"]), [], { notLoaded: [], unloaded: ["x"] }],
  ])("%s", (_, found, p, toldOut, expected) => {
    expect(reportLoad(found, p, new Set(toldOut), LIMIT)).toEqual({ ...expected, limit: LIMIT });
  });

  it("words the unloaded line, and has none for nothing unloaded", () => {
    expect([unloadedLine(["x", "y"], LIMIT), unloadedLine([], LIMIT)]).toEqual([
      "Unloaded to stay under the limit 128 tools per request of provider openai (a call by exact name still works): x, y",
      undefined,
    ]);
  });
});
