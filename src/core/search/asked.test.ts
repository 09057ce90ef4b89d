import { describe, expect, it } from "vitest";
import { askedQuery } from "./asked.js";
import { PAYLOAD_WEIGHT, PURPOSE_WEIGHT } from "./query.js";
import { terms } from "./tokenize.js";

describe("askedQuery", () => {
  it.each([
    // query, then the words of its main clause, purpose clause and payload
    ["create a merge request", "create a merge request", "", ""],
    ["switch branches so I can review the fix", "switch branches", "review the fix", ""],
    ["file a bug: login button does nothing", "file a bug", "", "login button does nothing"],
  ])("%j reads its parts with their weights", (query, main, purpose, payload) => {
    const a = askedQuery(query);
    expect(a.parts.map((p) => p.weight)).toEqual([1, PURPOSE_WEIGHT, PAYLOAD_WEIGHT]);
    expect(a.parts.map((p) => p.terms)).toEqual([terms(main), terms(purpose), terms(payload)]);
  });

  it.each([
    ["select:mcp__github__create_issue, Read_File", ["mcp__github__create_issue", "read_file"]],
    ["  create issue  ", undefined],
  ])("%j names its selected tools", (query, selected) => {
    expect(askedQuery(query).selected).toEqual(selected);
  });

  it.each([
    ["show my open pull requests", true],
    ["what's on my calendar today", true],
    ["delete the old branch", false],
  ])("%j asks to read: %s", (query, reading) => {
    expect(askedQuery(query).reading).toBe(reading);
  });

  it("keeps the query's own words, trimmed, and its leading verb that tools use as a noun", () => {
    const a = askedQuery("  Draft an email to Sam  ");
    expect(a.raw).toBe("Draft an email to Sam");
    expect(a.q).toBe("draft an email to sam");
    expect(a.phraseWords).toEqual(["draft", "an", "email", "to", "sam"]);
    expect(askedQuery("push the standup to 10:30").parts[0]!.headTerms.length).toBeGreaterThan(0);
  });
});
