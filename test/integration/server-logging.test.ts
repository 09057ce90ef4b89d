// MCP logging (`notifications/message`) lands in the server's log as a log line with its level and logger, not
// as an "unknown notification" (issue 32.7).
import { afterEach, describe, expect, it } from "vitest";
import { createMcpHost, type McpHost } from "../../src/core/index.js";
import { nodeServer, sandbox } from "../helpers/env.js";

let host: McpHost | undefined;
afterEach(async () => {
  await host?.close();
});

describe("a server's logging messages", () => {
  it("are logged with their level, never as unknown", async () => {
    const sb = sandbox();
    host = await createMcpHost({ cwd: sb.project, env: sb.env, servers: { s: nodeServer("logging.mjs") } });
    const lines = () =>
      host!.manager
        .log("s")
        .lines()
        .map((l) => l.text);
    while (!lines().some((l) => l.includes("cache unavailable"))) await new Promise((r) => setTimeout(r, 20));
    expect(lines()).toEqual(
      expect.arrayContaining([
        "server log [info db]: connected to the database",
        'server log [error]: {"reason":"cache unavailable"}',
      ]),
    );
    expect(lines().filter((l) => l.includes("unknown notification"))).toEqual([]);
  });
});
