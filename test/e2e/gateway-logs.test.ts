// Upstream log messages to 2026-07-28 callers of `codeagent mcp serve`, which have no session to set a level
// on: a request names its level in its `_meta` envelope and gets, on its own response stream, what the
// upstream server it called logged meanwhile, at or above that level, and nothing when it named none. The
// SDK v2 client over stdio and over stateless HTTP, upstream the logging fixture.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { nodeServer, sandbox } from "../helpers/env.js";
import { startGateway, type RunningGateway, gatewayStdio } from "../helpers/gateway.js";

const LEVEL = "io.modelcontextprotocol/logLevel";
const running: RunningGateway[] = [];
afterEach(async () => {
  for (const g of running.splice(0)) expect(await g.stop()).toBe(0);
});

type Got = { level: string; logger?: string; data: unknown };

async function connect(over: "stdio" | "http") {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: { logs: nodeServer("logging.mjs") } });
  const c = new Client({ name: "v2", version: "1" }, { versionNegotiation: { mode: "auto" } });
  const got: Got[] = [];
  c.setNotificationHandler("notifications/message", (n) => void got.push(n.params as Got));
  if (over === "stdio") {
    await c.connect(new StdioClientTransport(gatewayStdio(sb, cfg)));
  } else {
    const gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--no-auth"]);
    running.push(gw);
    // Ready when the upstream server is: on a loaded machine it may start after the bounded start-up.
    await expect
      .poll(async () => (await fetch(new URL("/healthz", gw.url))).status, { timeout: 30_000 })
      .toBe(200);
    await c.connect(new StreamableHTTPClientTransport(new URL(gw.url)));
  }
  return { c, got };
}

describe.each(["stdio", "http"] as const)("mcp serve forwards logs to a 2026-07-28 caller (%s)", (over) => {
  it("on the request's stream, at or above the level the request names; none without one", async () => {
    const { c, got } = await connect(over);
    expect(c.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const say = (level: string, text: string, logLevel?: string) =>
      c.callTool({
        name: "logs__say",
        arguments: { level, text },
        ...(logLevel !== undefined && { _meta: { [LEVEL]: logLevel } }),
      });
    await say("error", "no level named");
    expect(got).toEqual([]);
    await say("info", "below the level", "warning");
    expect(got).toEqual([]);
    // Delivered before the answer: no waiting.
    await say("error", "disk full", "warning");
    expect(got).toEqual([{ level: "error", logger: "logs/say", data: "disk full" }]);
    await say("debug", "everything", "debug");
    expect(got.at(-1)).toEqual({ level: "debug", logger: "logs/say", data: "everything" });
    await c.close();
  }, 60_000);
});
