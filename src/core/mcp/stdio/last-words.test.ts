import { describe, expect, it } from "vitest";
import { pickLastWords, type LastWords, type Written } from "./last-words.js";

const stderr = (...lines: string[]): Written[] => lines.map((text) => ({ from: "stderr", text }));
const log = (text: string): Written => ({ from: "message", method: "log", text });

describe("pickLastWords", () => {
  it.each<{ name: string; written: Written[]; expected: LastWords | undefined }>([
    { name: "nothing written", written: [], expected: undefined },
    {
      // Issue 32.4: DBHub and mcp-remote print the error object; its `code:` field held the word "refused".
      name: "a Node error object: the message, not its fields",
      written: stderr(
        "Failed to connect to database: Error: connect ECONNREFUSED 127.0.0.1:5432",
        "    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {",
        "  errno: -111,",
        "  code: 'ECONNREFUSED',",
        "  syscall: 'connect',",
        "  address: '127.0.0.1',",
        "  port: 5432",
        "}",
      ),
      expected: {
        text: "Failed to connect to database: Error: connect ECONNREFUSED 127.0.0.1:5432",
        label: "last stderr line",
      },
    },
    {
      // Issue 32.4: Sentry's server prints its usage after the reason; a flag's line says "(required)".
      name: "a usage text after the reason: the reason",
      written: stderr(
        "Error: No access token was provided. Pass one with `--access-token` or via `SENTRY_ACCESS_TOKEN`.",
        "Usage: sentry-mcp --access-token=<token> [--host=<host>]",
        "",
        "Options:",
        "  --access-token <token>   Sentry User Auth Token with API access (required)",
        "  --host <host>            Sentry host (default: sentry.io)",
        "  -h, --help               display help for command",
      ),
      expected: {
        text: "Error: No access token was provided. Pass one with `--access-token` or via `SENTRY_ACCESS_TOKEN`.",
        label: "last stderr line",
      },
    },
    {
      name: "only blank lines and markers",
      written: stderr("", "   ", "^", "\u001b[0m"),
      expected: undefined,
    },
    {
      name: "one line",
      written: stderr("FATAL: API key missing"),
      expected: { text: "FATAL: API key missing", label: "last stderr line" },
    },
    {
      name: "chatter with no telling word: the last three lines, as before",
      written: stderr("starting", "listening", "ready", "boom"),
      expected: { text: "listening | ready | boom", label: "last stderr lines" },
    },
    {
      name: "the error line wins over the chatter after it",
      written: stderr("loading config", "Error: TWILIO_AUTH_TOKEN is invalid", "shutting down", "bye"),
      expected: { text: "Error: TWILIO_AUTH_TOKEN is invalid", label: "from stderr" },
    },
    {
      name: "a Node crash: the error, not the header, the echoed source, the frames or the version trailer",
      written: stderr(
        "file:///srv/index.mjs:3",
        'throw new Error("no token");',
        "^",
        "",
        "Error: no token",
        "    at file:///srv/index.mjs:3:7",
        "    at ModuleJob.run (node:internal/modules/esm/module_job:234:25)",
        "    at new Promise (<anonymous>)",
        "",
        "Node.js v20.20.2",
      ),
      expected: { text: "Error: no token", label: "last stderr line" },
    },
    {
      name: "Node's missing module: the error, not the require stack or the error's fields",
      written: stderr(
        "node:internal/modules/cjs/loader:1228",
        "  throw err;",
        "  ^",
        "",
        "Error: Cannot find module 'nope-module'",
        "Require stack:",
        "- /work/srv/[eval]",
        "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
        "    at node:internal/main/eval_string:51:3 {",
        "  code: 'MODULE_NOT_FOUND',",
        "  requireStack: [ '/work/srv/[eval]' ]",
        "}",
        "",
        "Node.js v20.20.2",
      ),
      expected: { text: "Error: Cannot find module 'nope-module'", label: "last stderr line" },
    },
    {
      name: "a Python traceback: its last line, not the frames or the echoed source",
      written: stderr(
        "Traceback (most recent call last):",
        '  File "/srv/server.py", line 12, in <module>',
        "    main()",
        '  File "/srv/server.py", line 8, in main',
        '    raise RuntimeError("TWILIO_AUTH_TOKEN is invalid")',
        "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "RuntimeError: TWILIO_AUTH_TOKEN is invalid",
      ),
      expected: { text: "RuntimeError: TWILIO_AUTH_TOKEN is invalid", label: "last stderr line" },
    },
    {
      name: "a frame a person might write ('at least one …') is no stack frame",
      written: stderr("at least one repository is required"),
      expected: { text: "at least one repository is required", label: "last stderr line" },
    },
    {
      name: "Node's deprecation warning gives way to the error before it",
      written: stderr(
        "Error: GITHUB_TOKEN is not set",
        "(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
        "(Use `node --trace-deprecation ...` to show where the warning was created)",
      ),
      expected: { text: "Error: GITHUB_TOKEN is not set", label: "last stderr line" },
    },
    {
      name: "an npx server's error is not hidden behind npm's update notice",
      written: stderr(
        "sh: 1: mcp-server-x: Permission denied",
        "npm notice",
        "npm notice New major version of npm available! 10.8.2 -> 11.6.2",
        "npm notice Changelog: https://github.com/npm/cli/releases/tag/v11.6.2",
        "npm notice To update run: npm install -g npm@11.6.2",
        "npm notice",
      ),
      expected: { text: "sh: 1: mcp-server-x: Permission denied", label: "last stderr line" },
    },
    {
      name: "npm's E404 keeps the code and what was not found, not the boilerplate",
      written: stderr(
        "npm error code E404",
        "npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fnope",
        "npm error 404",
        "npm error 404  '@acme/nope@*' is not in this registry.",
        "npm error 404",
        "npm error 404 Note that you can also install from a",
        "npm error 404 tarball, folder, http url, or git url.",
        "npm error A complete log of this run can be found in: /root/.npm/_logs/2026-12-01T11_19_50_717Z-debug-0.log",
      ),
      expected: {
        text: "npm error code E404 | npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fnope | npm error 404 '@acme/nope@*' is not in this registry.",
        label: "last stderr lines",
      },
    },
    {
      name: "a missing command after npm's install warning",
      written: stderr(
        "npm warn exec The following package was not found and will be installed: srv@1.0.0",
        "sh: 1: srv: command not found",
        "npm WARN deprecated inflight@1.0.6: This module is not supported",
        "npm notice",
      ),
      expected: { text: "sh: 1: srv: command not found", label: "last stderr line" },
    },
    {
      name: "nothing but npm's warnings is still shown",
      written: stderr("npm warn config production Use `--omit=dev` instead."),
      expected: { text: "npm warn config production Use `--omit=dev` instead.", label: "last stderr line" },
    },
    {
      name: "Twilio's `log` request on stdout, after its chatter",
      written: [log("Starting server"), log("Error: Invalid AccountSid")],
      expected: { text: "Error: Invalid AccountSid", label: 'last "log" message on stdout' },
    },
    {
      name: "a stderr error stays the reason behind later chatter from either source",
      written: [...stderr("Error loading plugin list"), log("Starting"), ...stderr("exiting")],
      expected: { text: "Error loading plugin list", label: "from stderr" },
    },
    {
      name: "a message's error before its goodbye",
      written: [log("Error: Invalid AccountSid"), log("exiting")],
      expected: { text: "Error: Invalid AccountSid", label: 'from a "log" message on stdout' },
    },
    {
      name: "telling lines from two sources are not joined",
      written: [...stderr("Error: first"), log("Error: Invalid AccountSid")],
      expected: { text: "Error: Invalid AccountSid", label: 'last "log" message on stdout' },
    },
    {
      name: "escapes, controls and bidi overrides are stripped, whitespace folded",
      written: stderr("\u001b[31mError:\u001b[0m\u0007 GITHUB_TOKEN\u202e   is not set\t"),
      expected: { text: "Error: GITHUB_TOKEN is not set", label: "last stderr line" },
    },
    {
      name: "a long line is cut at its end, keeping the start that names the error",
      written: stderr(`Error: ${"x".repeat(400)}`),
      expected: { text: `Error: ${"x".repeat(292)}…`, label: "last stderr line" },
    },
    {
      name: "earlier lines give way whole when the block is too long",
      written: stderr(`error one ${"a".repeat(150)}`, `error two ${"b".repeat(150)}`, "error three"),
      expected: { text: `error two ${"b".repeat(150)} | error three`, label: "last stderr lines" },
    },
  ])("$name", ({ written, expected }) => {
    expect(pickLastWords(written)).toEqual(expected);
  });

  it("a flood of long lines still gives one bounded line", () => {
    const flood = stderr(...Array.from({ length: 50 }, () => `${"y".repeat(5000)} failed`));
    const words = pickLastWords(flood);
    expect(words?.text.length).toBeLessThanOrEqual(300);
    expect(words?.label).toBe("last stderr line");
  });
});
