import { describe, expect, it } from "vitest";
import { termTable } from "./term-table.js";
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
});
