// `/metrics` of `codeagent mcp serve --http` (§22) names every profile's servers and tools, so it is not open:
// it takes a caller's credential, or with `--metrics-token-file` only the scraper's token (which in turn
// cannot call tools). `/healthz` stays open for load balancers.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox } from "../helpers/env.js";
import { startGateway, tokenFile } from "../helpers/gateway.js";

const CALLER = "token-of-a-tool-caller-0001";
const SCRAPER = "token-of-the-prometheus-scraper-0002";
const bearer = (t: string) => ({ headers: { Authorization: `Bearer ${t}` } });

describe("mcp serve --metrics-token-file", () => {
  it("serves /metrics to the scraper's token only, and that token calls no tool", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", { mcpServers: { echo: nodeServer("echo.mjs") } });
    const scraper = join(sb.dir, "metrics-token");
    writeFileSync(scraper, `${SCRAPER}\n`);
    chmodSync(scraper, 0o600);
    const gw = await startGateway(sb, cfg, [
      "--http",
      "127.0.0.1:0",
      "--token-file",
      tokenFile(sb, [`${CALLER} all`]),
      "--metrics-token-file",
      scraper,
    ]);
    try {
      const c = new Client({ name: "v1", version: "1" });
      await c.connect(new StreamableHTTPClientTransport(new URL(gw.url), { requestInit: bearer(CALLER) }));
      await c.callTool({ name: "echo__echo", arguments: { text: "hi" } });
      await c.close();
      const metrics = (t?: string) => fetch(new URL("/metrics", gw.url), t === undefined ? {} : bearer(t));
      expect((await metrics()).status).toBe(401);
      expect((await metrics(CALLER)).status).toBe(401);
      const ok = await metrics(SCRAPER);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toMatch(
        /codeagent_gateway_tool_calls_total\{server="echo",tool="echo__echo"\} 1/,
      );
      expect((await fetch(new URL("/healthz", gw.url))).status).toBe(200);
      const asScraper = new Client({ name: "v1", version: "1" });
      await expect(
        asScraper.connect(
          new StreamableHTTPClientTransport(new URL(gw.url), { requestInit: bearer(SCRAPER) }),
        ),
      ).rejects.toThrow(/401|Unauthorized/);
    } finally {
      expect(await gw.stop()).toBe(0);
    }
  }, 60_000);

  it("refuses a metrics token file others can read, naming the fix", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", { mcpServers: { echo: nodeServer("echo.mjs") } });
    const scraper = join(sb.dir, "metrics-token");
    writeFileSync(scraper, `${SCRAPER}\n`);
    chmodSync(scraper, 0o644);
    const args = ["--http", "127.0.0.1:0", "--token-file", tokenFile(sb, [`${CALLER} all`])];
    const r = await runCli(sb, [
      "mcp",
      "serve",
      "--strict-mcp-config",
      "--mcp-config",
      cfg,
      ...args,
      "--metrics-token-file",
      scraper,
      "--check",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--metrics-token-file ${scraper}: it is readable or writable by others`);
    expect(r.stderr).toContain("chmod 600");
  }, 30_000);
});
