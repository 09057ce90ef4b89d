import { describe, expect, it } from "vitest";
import { asksHttp, methodTools } from "./http-verbs.js";
import { groupServers } from "./signals.js";
import { terms } from "./tokenize.js";
import type { SearchableTool } from "./types.js";

describe("methodTools", () => {
  it("flags the tools a server names by put or post alone, after its own words", () => {
    const tool = (server: string, name: string): SearchableTool => ({
      name: `mcp__${server}__${name}`,
      server,
      tool: name,
      description: "",
    });
    const tools = [
      ...["bb_get", "bb_post", "bb_put", "bb_delete", "bb_clone"].map((n) => tool("bitbucket", n)),
      ...["jira_post", "jira_put", "jira_get"].map((n) => tool("jira", n)),
      ...["slack_post_message", "post_comment", "put_object"].map((n) => tool("chat", n)),
      { name: "put", description: "" },
    ];
    const nameTerms = tools.map((t) => terms(t.tool ?? t.name));
    const { serverOf, members } = groupServers(tools, terms);
    const serverTerms = (g: number) => terms(tools[members[g]![0]!]!.server ?? "");
    const nameCount = (g: number, t: string) => members[g]!.filter((d) => nameTerms[d]!.includes(t)).length;
    const flagged = methodTools((d) => nameTerms[d]!, serverTerms, members, serverOf, nameCount);
    expect(tools.filter((_, i) => flagged(i)).map((t) => t.tool)).toEqual([
      "bb_post",
      "bb_put",
      "jira_post",
      "jira_put",
    ]);
  });
});

describe("asksHttp", () => {
  it.each([
    [["put", "json", "endpoint"], true],
    [["post", "api"], true],
    [["put", "store", "location", "map"], false],
    [["grab", "text", "blog", "post"], false],
  ])("%j", (queryTerms, expected) => {
    expect(asksHttp(queryTerms)).toBe(expected);
  });
});
