import { describe, expect, it } from "vitest";
import { stem } from "./stem.js";
import { termTable } from "./term-table.js";
import { terms, words } from "./tokenize.js";

describe("words", () => {
  it.each([
    ["list_merge_requests", ["list", "merge", "requests"]],
    ["listMergeRequests", ["list", "merge", "requests"]],
    ["list-merge-requests", ["list", "merge", "requests"]],
    ["mcp__github__create_issue", ["mcp", "github", "create", "issue"]],
    ["getHTTPServerURL", ["get", "http", "server", "url"]],
    ["browser_tab_2", ["browser", "tab", "2"]],
    ["v2Api", ["v", "2", "api"]],
    ["s3Bucket", ["s", "3", "bucket"]],
    ["Look up: the README.md!", ["look", "up", "the", "readme", "md"]],
    ["Überprüfe Dateien", ["überprüfe", "dateien"]],
    ["🎯 Find→the HTTPServer—now 𝐀x", ["find", "the", "http", "server", "now", "𝐀x"]],
    ["ABCDefGHIjk aBCd", ["abc", "def", "gh", "ijk", "a", "b", "cd"]],
    ["", []],
  ])("%s", (text, expected) => {
    expect(words(text)).toEqual(expected);
  });
});

describe("terms", () => {
  it("drops stop words and single letters, stems the rest", () => {
    expect(terms("Create a new issue in the repositories of my org")).toEqual([
      "creat",
      "new",
      "issu",
      "repository",
      "org",
    ]);
  });
  it("keeps the words tool names are made of", () => {
    expect(terms("get all list not new")).toEqual(["get", "all", "list", "not", "new"]);
  });
});

describe("stem", () => {
  it.each([
    ["create", "creat"],
    ["creates", "creat"],
    ["created", "creat"],
    ["creating", "creat"],
    ["issues", "issu"],
    ["issue", "issu"],
    ["branches", "branch"],
    ["searches", "search"],
    ["queries", "query"],
    ["repositories", "repository"],
    ["status", "status"],
    ["process", "process"],
    ["string", "string"],
    ["mapping", "map"],
    ["settings", "set"],
    ["added", "add"],
    ["filled", "fill"],
    ["merged", "merg"],
    ["merge", "merg"],
    ["get", "get"],
    ["k8s", "k8s"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("termTable", () => {
  it("gives the ids of exactly the terms `terms` gives, ASCII, emoji and Unicode text alike", () => {
    const table = termTable();
    const texts = [
      "List merge requests of a project",
      "listMergeRequests",
      "🎯 Find→the HTTPServer—now",
      "Überprüfe Dateien im Projekt",
      "list the MERGE requests",
      "",
    ];
    const ids = texts.map((t) => table.ids(t));
    expect(ids.map((row) => row.map((id) => table.terms[id]))).toEqual(texts.map((t) => terms(t)));
    // A word met again maps to the same id, whatever its case.
    expect(ids[4]).toEqual([ids[0]![0], ids[0]![1], ids[0]![2]]);
  });
});
