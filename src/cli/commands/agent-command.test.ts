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
    [["conformance-client", "http://x"], false],
    // Any other first word is a prompt: `codeagent "fix the bug"` starts a session with it.
    [["fix the failing test"], true],
    [["bogus"], true],
    [["--yes", "explain main.ts"], true],
    [["-p"], true],
    [["-p", "--yes"], true],
    [["-p", "mcp"], true],
    [["--resume", "abc", "go on"], true],
    [["-r", "--yes"], true],
    [["-c", "mcp", "list"], false],
    [["--", "-starts with a dash"], true],
  ])("%j → %s", (argv, want) => {
    expect(isAgentInvocation(argv)).toBe(want);
  });
});
