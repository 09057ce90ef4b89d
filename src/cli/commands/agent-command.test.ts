import { describe, expect, it } from "vitest";
import { isAgentInvocation } from "./agent-command.js";

describe("isAgentInvocation", () => {
  it.each([
    [[], true],
    [["-p", "hi"], true],
    [["--print=hi", "--output-format", "json"], true],
    [["--model", "ollama:m", "--mcp-config", "x.json", "--yes"], true],
    [["-p", "mcp list"], true],
    [["--allow", "mcp", "-p", "x"], true],
    [["mcp", "list"], false],
    [["--mcp-config", "f.json", "mcp", "call", "t", "--allow", "x"], false],
    [["--help"], false],
    [["-p", "x", "--help"], false],
    [["--version"], false],
    [["help"], false],
    [["bogus"], false],
  ])("%j → %s", (argv, want) => {
    expect(isAgentInvocation(argv)).toBe(want);
  });
});
