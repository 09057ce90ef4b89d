// Why a stdio server failed to start, as `mcp list` reports it: the server's own error, not the notices npm
// prints after it or the stack frames around it, where it came from, and where to read the rest.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

const npmNotices = [
  "npm notice",
  "npm notice New major version of npm available! 10.8.2 -> 11.6.2",
  "npm notice Changelog: https://github.com/npm/cli/releases/tag/v11.6.2",
  "npm notice To update run: npm install -g npm@11.6.2",
  "npm notice",
];

describe("mcp list of an npx-style server that fails to start", () => {
  it("quotes the error line, not npm's trailing notices", async () => {
    const sb = sandbox();
    const script = [
      "process.stderr.write('sh: 1: mcp-server-x: Permission denied\\n');",
      `process.stderr.write(${JSON.stringify(npmNotices.join("\n") + "\n")});`,
      "process.exitCode = 126;",
    ].join("");
    const cfg = sb.writeJson("servers.json", {
      mcpServers: { x: { command: process.execPath, args: ["-e", script] } },
    });
    const r = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", cfg]);
    expect(r.code).toBe(0);
    const [server] = r.json().servers as { status: string; error: string }[];
    expect(server?.status).toBe("failed");
    expect(server?.error).toBe(
      `exited with code 126: sh: 1: mcp-server-x: Permission denied (last stderr line; more: codeagent mcp logs x; ` +
        `check command, args and env of mcpServers.x in ${cfg})`,
    );
  });
});

describe("mcp list of a server that says why it fails, then exits", () => {
  it("quotes the error of a Node crash, not its stack, while the log keeps the whole report", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", {
      mcpServers: {
        twilio: nodeServer("exit-immediately.mjs", {
          THROW: "1",
          EXIT_MESSAGE: "TWILIO_AUTH_TOKEN is not set",
        }),
      },
    });
    const r = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", cfg]);
    expect(r.code).toBe(0);
    expect(r.json().servers.map((s: { status: string; error: string }) => [s.status, s.error])).toEqual([
      [
        "failed",
        "exited with code 1: Error: TWILIO_AUTH_TOKEN is not set (last stderr line; more: codeagent mcp logs twilio; " +
          `check command, args and env of mcpServers.twilio in ${cfg})`,
      ],
    ]);
    const logs = await runCli(sb, ["mcp", "logs", "twilio", "--json"]);
    const stderr = (logs.json().lines as { kind: string; text: string }[]).filter((l) => l.kind === "stderr");
    expect(stderr.map((l) => l.text)).toEqual(
      expect.arrayContaining([
        "starting server",
        "Error: TWILIO_AUTH_TOKEN is not set",
        expect.stringMatching(/^ {4}at file:\/\/.*exit-immediately\.mjs:\d+:\d+$/),
        expect.stringMatching(/^Node\.js v\d+/),
      ]),
    );
  });

  it("quotes what a Twilio-style server said in a `log` request on stdout", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", {
      mcpServers: {
        twilio: nodeServer("exit-immediately.mjs", {
          STDOUT_LOG: "1",
          EXIT_MESSAGE: "Error: Invalid AccountSid",
        }),
      },
    });
    const r = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", cfg]);
    expect(r.code).toBe(0);
    expect(r.json().servers.map((s: { status: string; error: string }) => [s.status, s.error])).toEqual([
      [
        "failed",
        'exited with code 1: Error: Invalid AccountSid (last "log" message on stdout; more: codeagent mcp logs twilio; ' +
          `check command, args and env of mcpServers.twilio in ${cfg})`,
      ],
    ]);
  });
});

describe("a stdio server that fails at start is spawned once", () => {
  const spawns = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).length;

  it("when it fails before it reads the probe, or says a reason of its own while the probe waits", async () => {
    const sb = sandbox();
    const log = (n: string) => join(sb.dir, `${n}.spawns`);
    const cfg = sb.writeJson("servers.json", {
      mcpServers: {
        fast: nodeServer("exit-immediately.mjs", {
          SPAWN_LOG: log("fast"),
          EXIT_MESSAGE: "Error: TOKEN is required",
        }),
        slow: nodeServer("exit-immediately.mjs", {
          SPAWN_LOG: log("slow"),
          DELAY_MS: "300",
          EXIT_MESSAGE: "Error: connect ECONNREFUSED 127.0.0.1:5432",
        }),
      },
    });
    const r = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", cfg]);
    expect(r.json().servers.map((s: { status: string }) => s.status)).toEqual(["failed", "failed"]);
    expect([spawns(log("fast")), spawns(log("slow"))]).toEqual([1, 1]);
  });

  it("but a server that ends on the server/discover probe is started again as a 2025-era server", async () => {
    const sb = sandbox();
    const log = join(sb.dir, "strict.spawns");
    const cfg = sb.writeJson("servers.json", {
      mcpServers: { strict: nodeServer("exit-immediately.mjs", { SPAWN_LOG: log, ON_DISCOVER: "1" }) },
    });
    const r = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", cfg]);
    expect(r.json().servers.map((s: { status: string; tools: number }) => [s.status, s.tools])).toEqual([
      ["ready", 1],
    ]);
    expect(spawns(log)).toBe(2);
  });
});
