import { describe, expect, it } from "vitest";
import { chooseLoaded, type LoadCandidate } from "./tool-eviction.js";

/** "a" found only, "A" called; oldest first. */
const c = (names: string): LoadCandidate[] =>
  [...names].map((n) => ({ name: n.toLowerCase(), called: n !== n.toLowerCase() }));

describe("chooseLoaded", () => {
  it.each([
    ["everything fits", "abc", 3, { keep: ["a", "b", "c"], drop: [] }],
    ["room to spare", "ab", 10, { keep: ["a", "b"], drop: [] }],
    ["nothing to keep", "", 5, { keep: [], drop: [] }],
    ["found only: the oldest go first", "abcde", 3, { keep: ["c", "d", "e"], drop: ["a", "b"] }],
    ["a called tool outlives newer found ones", "Abcd", 2, { keep: ["a", "d"], drop: ["b", "c"] }],
    [
      "called tools alone past the room: the oldest called go",
      "ABCd",
      2,
      { keep: ["b", "c"], drop: ["a", "d"] },
    ],
    ["a newly found tool does not displace a called one", "ABx", 2, { keep: ["a", "b"], drop: ["x"] }],
    ["found ones between called ones", "aBcDe", 3, { keep: ["b", "d", "e"], drop: ["a", "c"] }],
    ["no room", "aB", 0, { keep: [], drop: ["a", "b"] }],
    ["a negative room keeps nothing", "a", -2, { keep: [], drop: ["a"] }],
  ])("%s", (_, names, room, expected) => {
    expect(chooseLoaded(c(names), room)).toEqual(expected);
  });
});
