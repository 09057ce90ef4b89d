import { describe, expect, it } from "vitest";
import { isAction, isStrongAction } from "./actions.js";
import type { Postings } from "./bm25.js";
import {
  actionFit,
  asksToRead,
  coordination,
  groupServers,
  idf,
  mentionedServers,
  nameFit,
  readFit,
  serverFit,
} from "./signals.js";
import { terms } from "./tokenize.js";
import type { SearchableTool } from "./types.js";

describe("coordination", () => {
  it.each([
    // covered information, query information, factor
    [0, 0, 1],
    [0, 4, 0.6],
    [1, 4, 0.7],
    [2, 4, 0.8],
    [4, 4, 1],
    [5, 4, 1],
  ])("covers %d of %d: %d", (covered, total, factor) => {
    expect(coordination(covered, total)).toBeCloseTo(factor, 12);
  });

  it("counts a rare query word for more than a common one", () => {
    // "restart the checkout deployment": a tool matching only the rare word beats one matching only "restart".
    const rare = idf(1000, 3);
    const common = idf(1000, 300);
    const all = rare + common;
    expect(coordination(rare, all) > coordination(common, all)).toBe(true);
    expect(Math.round(idf(1000, 3) * 1000) / 1000).toBe(5.656);
  });
});

describe("nameFit", () => {
  it.each([
    [["list", "issu"], ["creat", "issu"], 1.4],
    [["creat", "issu"], ["creat", "issu"], 1.8],
    [["creat", "issu", "comment"], ["creat", "issu"], 1 + (0.8 * 2) / 3],
    [[], ["creat"], 1],
  ])("name %j, query %j: %d", (name, close, factor) => {
    expect(nameFit(name, new Set(close))).toBeCloseTo(factor, 12);
  });
});

describe("actionFit", () => {
  it.each([
    // The name says the asked action.
    [["merg"], ["merg", "mr"], 1.2],
    // Another action, no action asked, or a name without one: no change.
    [["updat"], ["merg"], 1],
    [["merg"], [], 1],
    [[], ["merg"], 1],
  ])("name actions %j, asked %j: %d", (actions, asked, factor) => {
    expect(actionFit(actions, new Set(asked))).toBe(factor);
  });
});

describe("actions", () => {
  it.each([
    ["merg", true, true],
    ["shar", true, true],
    ["upload", true, true],
    ["creat", true, true],
    // Reading verbs are actions of names, but too loose in requests to tell tools apart.
    ["list", true, false],
    ["get", true, false],
    ["show", true, false],
    ["search", true, false],
    // Objects, and words that are as often the object as the action.
    ["issu", false, false],
    ["log", false, false],
    ["comment", false, false],
  ])("%s: action %s, strong %s", (term, action, strong) => {
    expect([isAction(term), isStrongAction(term)]).toEqual([action, strong]);
  });
});

const tool = (server: string | undefined, name: string): SearchableTool => ({
  name: server === undefined ? name : `mcp__${server}__${name}`,
  ...(server !== undefined && { server, tool: name }),
  description: "",
});

describe("groupServers", () => {
  it("numbers servers in order of first tool, lists their tools and indexes their name words", () => {
    const g = groupServers(
      [tool("google-drive", "a"), tool(undefined, "bash"), tool("gitlab", "b"), tool("google-drive", "c")],
      terms,
    );
    expect({ serverOf: [...g.serverOf], members: g.members, named: Object.fromEntries(g.named) }).toEqual({
      serverOf: [0, -1, 1, 0],
      members: [[0, 3], [2]],
      named: { googl: [0], driv: [0], gitlab: [1] },
    });
  });
});

describe("mentionedServers", () => {
  // Tools 0-2 are gitlab's, 3 is fetch's, 4-6 other servers'.
  const tools = [
    tool("gitlab", "list_issues"),
    tool("gitlab", "create_issue"),
    tool("gitlab", "get_file"),
    tool("fetch", "fetch"),
    tool("github", "get_file"),
    tool("web", "scrape"),
    tool("jira", "search"),
  ];
  const groups = groupServers(tools, terms);
  const postingsOf = (entries: [string, number[]][]) =>
    new Map<string, Postings>(
      entries.map(([t, docs]) => [
        t,
        { docs: Uint32Array.from(docs), scores: Float64Array.from(docs, () => 1) },
      ]),
    );
  const postings = postingsOf([
    // "gitlab": in gitlab's tools and one other's description.
    ["gitlab", [0, 1, 2, 6]],
    // "fetch": a word every server uses; the fetch server holds a small share of it.
    ["fetch", [3, 4, 5, 6]],
    ["issu", [0, 1, 6]],
  ]);

  it.each([
    [["gitlab", "issu"], ["gitlab"]],
    [["fetch", "issu"], []],
    [["issu"], []],
    [["gitlab", "fetch"], ["gitlab"]],
  ])("query %j names servers %j", (query, servers) => {
    const named = [...mentionedServers(query, groups, postings)];
    expect(named.map((g) => tools[groups.members[g]![0]!]!.server)).toEqual(servers);
  });

  it("leaves tools of named servers and queries naming none alone", () => {
    expect([
      serverFit(0, new Set([0])),
      serverFit(1, new Set([0])),
      serverFit(-1, new Set([0])),
      serverFit(1, new Set()),
    ]).toEqual([1, 0.6, 0.6, 1]);
  });
});

describe("asksToRead", () => {
  it.each([
    ["show unread mail in my inbox", true],
    ["Can you list the open PRs", true],
    ["which flags are stale?", true],
    ["what's uncommitted in my working copy?", true],
    ["how many signups did we get", true],
    ["create a folder for the invoices", false],
    ["my app keeps showing unhealthy", false],
    ["showcase the new page", false],
  ])("%s", (request, expected) => {
    expect(asksToRead(request)).toBe(expected);
  });
});

describe("readFit", () => {
  it.each([
    // name actions (stemmed), the request asks to read, factor
    [["creat"], true, 0.7],
    [["updat", "delet"], true, 0.7],
    [["list"], true, 1],
    [["get", "updat"], true, 1],
    [[], true, 1],
    [["creat"], false, 1],
  ] as const)("%j reading %s: %d", (actions, reading, factor) => {
    expect(readFit(actions, reading)).toBe(factor);
  });
});
