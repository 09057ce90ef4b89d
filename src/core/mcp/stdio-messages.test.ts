import { describe, expect, it } from "vitest";
import { exitReason, spawnError, summarize } from "./stdio-messages.js";

describe("exit reasons", () => {
  it.each([
    { lines: ["FATAL: API key missing"], expected: "FATAL: API key missing" },
    { lines: [], expected: "" },
    { lines: ["starting", "listening", "ready", "boom"], expected: "listening | ready | boom" },
    {
      name: "a Node crash keeps the error, not the stack frames or the version trailer",
      lines: [
        "file:///srv/index.mjs:3",
        'throw new Error("no token");',
        "^",
        "Error: no token",
        "    at file:///srv/index.mjs:3:7",
        "    at ModuleJob.run (node:internal/modules/esm/module_job:234:25)",
        "Node.js v20.20.2",
      ],
      expected: 'file:///srv/index.mjs:3 | throw new Error("no token"); | Error: no token',
    },
    { lines: ["x".repeat(400)], expected: `…${"x".repeat(299)}` },
    {
      name: "an npx server's error is not hidden behind npm's update notice",
      lines: [
        "sh: 1: mcp-server-x: Permission denied",
        "npm notice",
        "npm notice New major version of npm available! 10.8.2 -> 11.6.2",
        "npm notice Changelog: https://github.com/npm/cli/releases/tag/v11.6.2",
        "npm notice To update run: npm install -g npm@11.6.2",
        "npm notice",
      ],
      expected: "sh: 1: mcp-server-x: Permission denied",
    },
    {
      name: "npm's E404 keeps the code and what was not found, not the boilerplate",
      lines: [
        "npm error code E404",
        "npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fnope",
        "npm error 404",
        "npm error 404  '@acme/nope@*' is not in this registry.",
        "npm error 404",
        "npm error 404 Note that you can also install from a",
        "npm error 404 tarball, folder, http url, or git url.",
        "npm error A complete log of this run can be found in: /root/.npm/_logs/2026-12-01T11_19_50_717Z-debug-0.log",
      ],
      expected:
        "npm error code E404 | npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fnope | npm error 404  '@acme/nope@*' is not in this registry.",
    },
    {
      name: "a missing command after npm's install warning",
      lines: [
        "npm warn exec The following package was not found and will be installed: srv@1.0.0",
        "sh: 1: srv: command not found",
        "npm WARN deprecated inflight@1.0.6: This module is not supported",
        "npm notice",
      ],
      expected: "sh: 1: srv: command not found",
    },
    {
      name: "nothing but npm's warnings is still shown",
      lines: ["npm warn config production Use `--omit=dev` instead."],
      expected: "npm warn config production Use `--omit=dev` instead.",
    },
  ])("summarizes $lines.length lines", ({ lines, expected }) => {
    expect(summarize(lines)).toBe(expected);
  });

  it("says how the process ended", () => {
    expect(exitReason({ code: 1, signal: null }, ["FATAL: API key missing"]).message).toBe(
      "exited with code 1: FATAL: API key missing",
    );
    expect(exitReason({ code: null, signal: "SIGKILL" }, []).message).toBe("was killed by signal SIGKILL");
    expect(exitReason({ code: 0, signal: null }, []).code).toBe("SERVER_EXITED");
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
