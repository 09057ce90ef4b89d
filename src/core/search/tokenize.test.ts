import { describe, expect, it } from "vitest";
import { stem } from "./stem.js";
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
