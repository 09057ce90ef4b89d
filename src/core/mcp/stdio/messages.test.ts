import { describe, expect, it } from "vitest";
import { CodeagentError } from "../../errors.js";
import { ServerExitedError, exitMessage, spawnError } from "./messages.js";

describe("exit messages", () => {
  const words = { text: "Error: TWILIO_AUTH_TOKEN is invalid", label: "last stderr line" };
  it.each([
    { exit: { code: 1, signal: null }, words: undefined, hints: {}, expected: "exited with code 1" },
    {
      exit: { code: null, signal: "SIGKILL" },
      words: undefined,
      hints: { server: "twilio" },
      expected: "was killed by signal SIGKILL",
    },
    {
      exit: { code: 1, signal: null },
      words,
      hints: {},
      expected: "exited with code 1: Error: TWILIO_AUTH_TOKEN is invalid (last stderr line)",
    },
    {
      exit: { code: 1, signal: null },
      words,
      hints: { server: "twilio" },
      expected:
        "exited with code 1: Error: TWILIO_AUTH_TOKEN is invalid (last stderr line; more: codeagent mcp logs twilio)",
    },
    {
      exit: { code: 1, signal: null },
      words,
      hints: { server: "twilio", check: "command, args and env of mcpServers.twilio in /u/mcp.json" },
      expected:
        "exited with code 1: Error: TWILIO_AUTH_TOKEN is invalid (last stderr line; more: codeagent mcp logs twilio; " +
        "check command, args and env of mcpServers.twilio in /u/mcp.json)",
    },
    {
      name: "a server that said nothing has no log worth pointing to, but still the setting",
      exit: { code: 1, signal: null },
      words: undefined,
      hints: { server: "twilio", check: "command, args and env of mcpServers.twilio in /u/mcp.json" },
      expected: "exited with code 1 (check command, args and env of mcpServers.twilio in /u/mcp.json)",
    },
  ])("$expected", ({ exit, words, hints, expected }) => {
    expect(exitMessage(exit, words, hints)).toBe(expected);
  });

  it("is a SERVER_EXITED error that keeps how it ended and what the server said", () => {
    const e = new ServerExitedError({ code: 1, signal: null }, words, "twilio");
    expect({ code: e.code, message: e.message, exit: e.exit, words: e.words }).toEqual({
      code: "SERVER_EXITED",
      message: exitMessage({ code: 1, signal: null }, words, { server: "twilio" }),
      exit: { code: 1, signal: null },
      words,
    });
    expect(e).toBeInstanceOf(CodeagentError);
  });
});

describe("spawn errors", () => {
  it("shows the searched PATH only for a bare command name", () => {
    expect(spawnError("npx", { code: "ENOENT" }, { PATH: "/usr/bin" }).message).toBe(
      'command not found: npx (check "command" in the server config; searched PATH=/usr/bin)',
    );
    expect(spawnError("/opt/x/server", { code: "ENOENT" }, {}).message).toBe(
      'command not found: /opt/x/server (check "command" in the server config)',
    );
    expect(spawnError("npx", { code: "ENOENT" }, {}).message).toContain("searched PATH=(unset)");
  });

  it("says how to split a whole command line written as the command, as READMEs for other hosts do", () => {
    expect(spawnError("heroku mcp:start", { code: "ENOENT" }, { PATH: "/usr/bin" }).message).toBe(
      'command not found: heroku mcp:start ("command" is one program, run without a shell; put the rest in "args": ' +
        '"command": "heroku", "args": ["mcp:start"])',
    );
    expect(spawnError("npx -y @acme/mcp  --stdio", { code: "ENOENT" }, {}).message).toBe(
      'command not found: npx -y @acme/mcp  --stdio ("command" is one program, run without a shell; put the rest in "args": ' +
        '"command": "npx", "args": ["-y","@acme/mcp","--stdio"])',
    );
    // A path with spaces is one program that is missing, not a command line.
    expect(spawnError("/opt/My Tools/srv", { code: "ENOENT" }, {}).message).toBe(
      'command not found: /opt/My Tools/srv (check "command" in the server config)',
    );
    expect(spawnError("srv", { code: "E2BIG", message: "spawn E2BIG" }, {}).message).toBe(
      "could not start srv: spawn E2BIG",
    );
  });
});
