// Remote servers through the CLI: a bare url that falls back to legacy SSE answers `mcp call`, and servers
// that cannot be reached are reported in `mcp list` with what happened and the setting to check.
import { afterEach, describe, expect, it } from "vitest";
import { sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";
import { startRemote, stopAllRemotes } from "../helpers/remote.js";

afterEach(() => stopAllRemotes());

function setup(servers: Record<string, unknown>) {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: servers });
  const cli = (args: string[]) => runCli(sb, [...args, "--mcp-config", cfg]);
  return { cfg, cli };
}

describe("mcp call over a url that fell back to legacy SSE", () => {
  it("answers the call", async () => {
    const remote = await startRemote();
    const { cli } = setup({ legacy: { url: remote.url("/sse") } });
    const r = await cli(["mcp", "call", "mcp__legacy__echo", '{"text":"via sse"}', "--json", "--yes"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.json()).toEqual({
      tool: "mcp__legacy__echo",
      isError: false,
      content: [{ type: "text", text: "via sse" }],
      text: "via sse",
      truncated: false,
    });
  });
});
