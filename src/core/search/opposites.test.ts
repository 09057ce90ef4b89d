import { describe, expect, it } from "vitest";
import { OPPOSITE, oppositeFit, oppositesOf } from "./opposites.js";
import { stem } from "./stem.js";

const set = (...words: string[]) => new Set(words.map(stem));

describe("oppositesOf", () => {
  it.each([
    ["remember", "delete", true],
    ["add", "forget", true],
    ["delete", "create", true],
    ["unlock", "lock", true],
    ["lock", "unlock", true],
    ["start", "stop", true],
    ["create", "update", false],
    ["list", "delete", false],
  ])("%s against %s: %s", (q, t, opposite) => {
    expect(oppositesOf(stem(q)).has(stem(t))).toBe(opposite);
  });
  it("a word that is no such action has none", () => expect(oppositesOf(stem("invoice")).size).toBe(0));
});

describe("oppositeFit", () => {
  const rows: { name: string; actions: string[]; opposed: Set<string>; asked: Set<string>; fit: number }[] = [
    { name: "no opposite in the request", actions: ["delet"], opposed: set(), asked: set(), fit: 1 },
    {
      name: "the name does the opposite",
      actions: [stem("delete")],
      opposed: set("delete", "forget"),
      asked: set("remember"),
      fit: OPPOSITE,
    },
    {
      name: "the name also does the asked thing",
      actions: [stem("add"), stem("delete")],
      opposed: set("delete"),
      asked: set("add"),
      fit: 1,
    },
    { name: "a name without an action", actions: [], opposed: set("delete"), asked: set("add"), fit: 1 },
    { name: "another action", actions: [stem("update")], opposed: set("delete"), asked: set("add"), fit: 1 },
  ];
  for (const r of rows) it(r.name, () => expect(oppositeFit(r.actions, r.opposed, r.asked)).toBe(r.fit));
});
