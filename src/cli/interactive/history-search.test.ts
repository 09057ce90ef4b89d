// Ctrl-R's decisions as a table: each row is a key sequence from a fresh search and what it leads to.
import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { findOlder, searchKey, startSearch, type SearchResult } from "./history-search.js";

const history = ["git status", "npm test", "fix the parser", "npm run build", "explain the tests"];
type Press = [string, Partial<Key>?];
const CTRL_R: Press = ["r", { ctrl: true }];

function run(presses: Press[]): SearchResult {
  let r: SearchResult = { kind: "search", state: startSearch() };
  for (const [input, key = {}] of presses) {
    if (r.kind !== "search") break;
    r = searchKey(r.state, input, key, history);
  }
  return r;
}

describe("searchKey", () => {
  const cases: { name: string; presses: Press[]; want: SearchResult }[] = [
    {
      name: "typing finds the newest match",
      presses: [["n"], ["p"], ["m"]],
      want: { kind: "search", state: { query: "npm", match: 3 } },
    },
    {
      name: "case does not matter",
      presses: [["N"], ["P"], ["M"]],
      want: { kind: "search", state: { query: "NPM", match: 3 } },
    },
    {
      name: "Ctrl-R again goes to the next older match",
      presses: [["n"], ["p"], ["m"], CTRL_R],
      want: { kind: "search", state: { query: "npm", match: 1 } },
    },
    {
      name: "past the oldest match it stays",
      presses: [["n"], ["p"], ["m"], CTRL_R, CTRL_R],
      want: { kind: "search", state: { query: "npm", match: 1 } },
    },
    {
      name: "more typing narrows from the current match backwards",
      presses: [["t"], ["e"], ["s"], ["t"], ["s"]],
      want: { kind: "search", state: { query: "tests", match: 4 } },
    },
    {
      name: "no match: -1, and Enter accepts an empty line",
      presses: [["z"], ["q"], ["", { return: true }]],
      want: { kind: "accept", value: "" },
    },
    {
      name: "Backspace widens the search again from the newest",
      presses: [["n"], ["p"], ["m"], CTRL_R, ["x"], ["", { backspace: true }]],
      want: { kind: "search", state: { query: "npm", match: 3 } },
    },
    {
      name: "Enter takes the match into the prompt",
      presses: [["p"], ["a"], ["r"], ["", { return: true }]],
      want: { kind: "accept", value: "fix the parser" },
    },
    {
      name: "a cursor key takes it too",
      presses: [["g"], ["i"], ["t"], ["", { rightArrow: true }]],
      want: { kind: "accept", value: "git status" },
    },
    { name: "Esc cancels", presses: [["g"], ["", { escape: true }]], want: { kind: "cancel" } },
    { name: "Ctrl-G cancels", presses: [["g"], ["g", { ctrl: true }]], want: { kind: "cancel" } },
    {
      name: "Ctrl-R on an empty query waits for typing",
      presses: [CTRL_R],
      want: { kind: "search", state: { query: "", match: -1 } },
    },
  ];
  it.each(cases)("$name", ({ presses, want }) => expect(run(presses)).toEqual(want));
});

describe("findOlder", () => {
  it.each([
    ["npm", 4, 3],
    ["npm", 2, 1],
    ["npm", 0, -1],
    ["", 4, 4],
    ["nothing", 4, -1],
  ] as const)("%s from %i → %i", (q, from, want) => expect(findOlder(history, q, from)).toBe(want));
});
