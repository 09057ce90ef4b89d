// Why a stdio server failed to start, as `mcp list` reports it: the server's own error, not the notices npm
// prints after it.
import { describe, expect, it } from "vitest";
import { sandbox } from "../helpers/env.js";
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
      `exited with code 126: sh: 1: mcp-server-x: Permission denied (check command, args and env of mcpServers.x in ${cfg})`,
    );
  });
});
