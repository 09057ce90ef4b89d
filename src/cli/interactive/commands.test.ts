import { describe, expect, it } from "vitest";
import { messageText, parseSlash, splitArgs, type SlashCommand } from "./commands.js";

describe("parseSlash", () => {
  const cases: [string, SlashCommand | undefined][] = [
    ["hello", undefined],
    ["  what is /mcp?", undefined],
    ["//etc/hosts is odd", undefined],
    ["/mcp", { type: "mcp-status" }],
    ["  /mcp  ", { type: "mcp-status" }],
    ["/MCP", { type: "mcp-status" }],
    ["/mcp logs everything", { type: "mcp-logs", server: "everything" }],
    ["/mcp logs", { type: "usage", message: "usage: /mcp logs NAME" }],
    ["/mcp logs a b", { type: "usage", message: "usage: /mcp logs NAME" }],
    ["/mcp refresh", { type: "mcp-refresh" }],
    ["/mcp refresh fs", { type: "mcp-refresh", server: "fs" }],
    ["/mcp refresh a b", { type: "usage", message: "usage: /mcp refresh [NAME]" }],
    ["/mcp enable fs", { type: "mcp-enable", server: "fs" }],
    ["/mcp disable fs", { type: "mcp-disable", server: "fs" }],
    ["/mcp enable", { type: "usage", message: "usage: /mcp enable NAME" }],
    [
      "/mcp log fs",
      {
        type: "usage",
        message:
          'unknown /mcp subcommand "log" (did you mean /mcp logs?); try /mcp, /mcp logs NAME, /mcp refresh [NAME], /mcp enable NAME, /mcp disable NAME, /mcp accept NAME',
      },
    ],
    ["/mcp accept fs", { type: "mcp-accept", server: "fs", tools: [] }],
    ["/mcp accept fs read write", { type: "mcp-accept", server: "fs", tools: ["read", "write"] }],
    ["/mcp accept", { type: "usage", message: "usage: /mcp accept NAME [TOOL…]" }],
    ["/tools", { type: "tools" }],
    ["/help", { type: "help" }],
    ["/?", { type: "help" }],
    ["/clear", { type: "clear" }],
    ["/exit", { type: "exit" }],
    ["/quit", { type: "exit" }],
    ["/tols", { type: "unknown", name: "tols", suggestion: "/tools" }],
    ["/hlp", { type: "unknown", name: "hlp", suggestion: "/help" }],
    ["/ex", { type: "unknown", name: "ex", suggestion: "/exit" }],
    ["/frobnicate", { type: "unknown", name: "frobnicate" }],
    ["/usr/bin/env", { type: "unknown", name: "usr/bin/env" }],
    [
      "/mcp__everything__simple_prompt",
      { type: "prompt", server: "everything", prompt: "simple_prompt", args: [] },
    ],
    [
      '/mcp__my-srv__args_prompt hot "very cold" style=terse',
      { type: "prompt", server: "my-srv", prompt: "args_prompt", args: ["hot", "very cold", "style=terse"] },
    ],
    // The prompt part may itself contain "__": only the first "__" ends the server name.
    ["/mcp__srv__a__b", { type: "prompt", server: "srv", prompt: "a__b", args: [] }],
    ["/mcp__srv", { type: "usage", message: "usage: /mcp__SERVER__PROMPT [args…]" }],
    ["/mcp____p", { type: "usage", message: "usage: /mcp__SERVER__PROMPT [args…]" }],
    ["/mcp__srv__", { type: "usage", message: "usage: /mcp__SERVER__PROMPT [args…]" }],
  ];
  it.each(cases)("%j", (line, expected) => {
    expect(parseSlash(line)).toEqual(expected);
  });
});

describe("splitArgs", () => {
  const cases: [string, string[]][] = [
    ["", []],
    ["  a  b ", ["a", "b"]],
    ['"a b" c', ["a b", "c"]],
    ["'it''s'", ["its"]],
    [`"say \\"hi\\""`, ['say "hi"']],
    ["a\\ b", ["a b"]],
    ['""', [""]],
    ["k='v w'", ["k=v w"]],
    ['"unterminated words', ["unterminated words"]],
  ];
  it.each(cases)("%j", (s, expected) => {
    expect(splitArgs(s)).toEqual(expected);
  });
});

describe("messageText", () => {
  it("turns a leading // into /, and leaves other text alone", () => {
    expect([messageText("//etc is a dir"), messageText(" hi ")]).toEqual(["/etc is a dir", "hi"]);
  });
});
