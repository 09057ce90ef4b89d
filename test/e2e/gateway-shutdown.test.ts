// SIGTERM on `codeagent mcp serve --http`: a call in flight still gets its answer, then the gateway exits 0.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { nodeServer, sandbox } from "../helpers/env.js";
import { startGateway } from "../helpers/gateway.js";

describe("mcp serve shutdown", () => {
  it("lets a call in flight finish on SIGTERM, then exits 0", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", { mcpServers: { echo: nodeServer("echo.mjs") } });
    const gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--no-auth"]);
    const c = new Client({ name: "v1", version: "1" });
    await c.connect(new StreamableHTTPClientTransport(new URL(gw.url)));
    let stopped: Promise<number | null> | undefined;
    const result = await c.callTool(
      { name: "echo__progress", arguments: { steps: 4, intervalMs: 300 } },
      undefined,
      {
        // The first progress says the call is running upstream: stop the gateway now.
        onprogress: () => void (stopped ??= gw.stop()),
      },
    );
    expect(result.isError).toBeFalsy();
    expect(stopped).toBeDefined();
    expect(await stopped).toBe(0);
    expect(gw.log()).toMatch(/"event":"stopping","reason":"SIGTERM"/);
    expect(gw.log()).toMatch(/"tool":"echo__progress","ms":[\d.]+,"outcome":"ok"/);
  }, 30_000);
});
