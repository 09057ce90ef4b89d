import { describe, expect, it } from "vitest";
import { sharedTermTable, termTable } from "./term-table.js";
import { terms } from "./tokenize.js";

describe("termTable", () => {
  it("gives the terms of every text as ids, the same when a text comes again", () => {
    const texts = [
      "List merge requests of a project",
      "The ID of the project",
      "List merge requests of a project",
      "createFolderHTTPServer v2 ünïcode naïve",
      "The ID of the project",
      "",
      "a of the",
    ];
    const table = termTable();
    const got = texts.map((t) => table.ids(t).map((id) => table.terms[id]));
    expect(got).toEqual(texts.map((t) => terms(t)));
    // A repeated text is split once: the very same ids.
    expect(table.ids(texts[0]!)).toBe(table.ids(texts[2]!));
  });

  it("counts the distinct texts it has split", () => {
    const table = termTable();
    for (const t of ["list issues", "get issue", "list issues"]) table.ids(t);
    expect(table.texts).toBe(2);
  });
});

describe("sharedTermTable", () => {
  it("gives the same table to every piece until it holds too many texts", () => {
    const shared = sharedTermTable();
    const first = shared();
    first.ids("list issues");
    expect(shared()).toBe(first);
    for (let i = 0; i <= 100_000; i++) first.ids(`text ${i}`);
    const fresh = shared();
    expect(fresh).not.toBe(first);
    expect(fresh.texts).toBe(0);
  });
});
