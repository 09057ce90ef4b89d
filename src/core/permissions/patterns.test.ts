import { describe, expect, it } from "vitest";
import { globMatch, matchesPattern, splitMcpName, type MatchMode, type ToolIdentity } from "./patterns.js";

describe("globMatch", () => {
  it.each<[string, string, boolean]>([
    ["abc", "abc", true],
    ["abc", "abcd", false],
    ["*", "", true],
    ["*", "anything", true],
    ["a*c", "abbbc", true],
    ["a*c", "abbbd", false],
    ["*b*", "abc", true],
    ["a**", "a", true],
    ["a.c", "abc", false], // no regex semantics
    ["a?c", "abc", false],
    ["", "", true],
    ["", "a", false],
    ["*a*a*a*a*a*b", "a".repeat(200), false],
  ])("%j vs %j → %s", (glob, text, expected) => {
    expect(globMatch(glob, text)).toBe(expected);
  });
});

describe("splitMcpName", () => {
  it.each<[string, string | undefined, ReturnType<typeof splitMcpName>]>([
    ["mcp__srv__tool", undefined, { server: "srv", tool: "tool" }],
    ["mcp__srv__x__tool", undefined, { server: "srv", tool: "x__tool" }],
    ["mcp__srv_x__tool", undefined, { server: "srv_x", tool: "tool" }],
    ["mcp___x__t", undefined, { server: "_x", tool: "t" }],
    // Ambiguous without the server: the server takes the extra underscore.
    ["mcp__a___t", undefined, { server: "a_", tool: "t" }],
    // The given server is authoritative.
    ["mcp__a___t", "a", { server: "a", tool: "_t" }],
    ["mcp__a___t", "a_", { server: "a_", tool: "t" }],
    ["mcp__srv__tool", "other", { server: "srv", tool: "tool" }],
    ["read_file", undefined, undefined],
    ["mcp__onlyserver", undefined, undefined],
    ["mcp__srv__", undefined, undefined],
  ])("%j (server %j)", (name, server, expected) => {
    expect(splitMcpName(name, server)).toEqual(expected);
  });
});

describe("matchesPattern", () => {
  const t = (tool: string, server?: string): ToolIdentity =>
    server === undefined ? { tool } : { tool, server };
  it.each<[string, ToolIdentity, MatchMode, boolean]>([
    // exact names
    ["mcp__srv__tool", t("mcp__srv__tool", "srv"), "narrow", true],
    ["mcp__srv__tool", t("mcp__srv__tools", "srv"), "narrow", false],
    ["read_file", t("read_file"), "narrow", true],
    ["read_file", t("read_files"), "narrow", false],
    // whole-server wildcard
    ["mcp__srv__*", t("mcp__srv__tool", "srv"), "narrow", true],
    ["mcp__srv__*", t("mcp__srv__x__tool", "srv"), "narrow", true],
    ["mcp__srv__*", t("mcp__srv_x__tool", "srv_x"), "narrow", false],
    ["mcp__srv__*", t("mcp__srv_x__tool", "srv_x"), "broad", false],
    ["mcp__srv__*", t("mcp__srv_x__tool"), "broad", false],
    ["mcp__srv__*", t("mcp__srvx__tool", "srvx"), "narrow", false],
    ["mcp__srv__*", t("read_file"), "narrow", false],
    // `*` in the server part stays inside the server name
    ["mcp__*__read", t("mcp__srv__read", "srv"), "narrow", true],
    ["mcp__*__read", t("mcp__srv__x__read", "srv"), "broad", false],
    ["mcp__s*__*", t("mcp__srv__tool", "srv"), "narrow", true],
    ["mcp__s*__*", t("mcp__other__tool", "other"), "narrow", false],
    // tool globs
    ["mcp__srv__get_*", t("mcp__srv__get_user", "srv"), "narrow", true],
    ["mcp__srv__get_*", t("mcp__srv__set_user", "srv"), "narrow", false],
    // patterns without a separator are plain globs over the whole name
    ["mcp__*", t("mcp__srv__tool", "srv"), "narrow", true],
    ["mcp__*", t("read_file"), "narrow", false],
    ["*", t("read_file"), "narrow", true],
    ["*", t("mcp__srv__tool", "srv"), "narrow", true],
    ["read_*", t("read_file"), "narrow", true],
    ["read_*", t("mcp__srv__read_file", "srv"), "narrow", false],
    // an ambiguous pattern: narrow reads it one way (server `a_`), broad both ways
    ["mcp__a___*", t("mcp__a___tool", "a_"), "narrow", true],
    ["mcp__a___*", t("mcp__a___tool", "a"), "narrow", false],
    ["mcp__a___*", t("mcp__a___tool", "a"), "broad", true],
    ["mcp__a___*", t("mcp__a___tool", "a_"), "broad", true],
    ["mcp__a__*", t("mcp__a___tool", "a_"), "broad", false],
  ])("%j matches %j (%s) → %s", (pattern, id, mode, expected) => {
    expect(matchesPattern(pattern, id, mode)).toBe(expected);
  });
});
