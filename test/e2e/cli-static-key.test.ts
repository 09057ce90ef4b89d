// A remote server that wants a static API key (issue 32.5): it answers 401 and publishes no OAuth metadata, so
// `mcp list` says to set a header, naming the config file, instead of sending the user to `mcp login`.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { sandbox } from "../helpers/env.js";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** 401 for every MCP request without the key, 404 for every metadata document. */
async function keyServer(): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = [];
  server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith("/.well-known/")) return void res.writeHead(404).end("not found");
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":"missing API key"}');
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, paths };
}

describe("a server that wants a static key", () => {
  it("fails with advice to set a header in the named config file, not mcp login", async () => {
    const { url, paths } = await keyServer();
    const sb = sandbox();
    const cfg = sb.writeJson("cfg.json", { mcpServers: { api: { type: "http", url } } });
    const r = await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--json"]);
    const row = r.json().servers[0];
    expect(row.status).toBe("failed");
    expect(row.error).toContain("offers no OAuth sign-in");
    expect(row.error).toContain('"Authorization": "Bearer ${API_KEY}"');
    expect(row.error).toContain(`mcpServers.api in ${cfg}`);
    expect(row.error).not.toContain("mcp login");
    expect(paths).toContain("GET /.well-known/oauth-protected-resource/mcp");
  });
});
