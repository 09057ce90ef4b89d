// Remote servers through the CLI: a bare url that falls back to legacy SSE answers `mcp call`, and servers
// that cannot be reached are reported in `mcp list` with what happened and the setting to check.
import { createServer } from "node:net";
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

/** A port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe("mcp list of remote servers that cannot be reached", () => {
  it("says what happened and which url to check", async () => {
    const port = await closedPort();
    const { cfg, cli } = setup({
      refused: { url: `http://127.0.0.1:${port}/mcp` },
      refusedSse: { type: "sse", url: `http://127.0.0.1:${port}/sse` },
      x11: { url: "http://127.0.0.1:6000/mcp" },
      irc: { type: "sse", url: "http://127.0.0.1:6667/sse" },
      dns: { type: "http", url: "https://no-such-host.invalid/mcp?api_key=abc" },
    });
    const r = await cli(["mcp", "list", "--json"]);
    expect(r.code).toBe(0);
    const errors = Object.fromEntries(
      (r.json().servers as { name: string; status: string; error: string }[]).map((s) => [
        s.name,
        `${s.status}: ${s.error}`,
      ]),
    );
    const refused = (url: string) =>
      `failed: cannot reach ${url}: connection refused: nothing is listening on 127.0.0.1:${port} (is the server running? check the host and port in "url")`;
    const blocked = (url: string, p: number) =>
      `failed: cannot reach ${url}: port ${p} is one that fetch refuses to connect to (reserved for another protocol, e.g. 6000 for X11 or 6665-6669 for IRC); run the server on another port and change "url"`;
    const where = (name: string) => ` (mcpServers.${name} in ${cfg})`;
    expect(errors.dns).toContain(where("dns"));
    expect(errors).toEqual({
      refused: refused(`http://127.0.0.1:${port}/mcp`) + where("refused"),
      refusedSse: refused(`http://127.0.0.1:${port}/sse`) + where("refusedSse"),
      x11: blocked("http://127.0.0.1:6000/mcp", 6000) + where("x11"),
      irc: blocked("http://127.0.0.1:6667/sse", 6667) + where("irc"),
      // Without any DNS server the lookup fails with EAI_AGAIN instead of ENOTFOUND.
      dns: expect.stringMatching(
        /^failed: cannot reach https:\/\/no-such-host\.invalid\/mcp: (host "no-such-host\.invalid" not found|looking up host "no-such-host\.invalid" failed for now)/,
      ),
    });
  });
});
