// §8.5 through `mcp login`: a hostile authorization_endpoint is refused, not opened or printed as a URL to
// visit; a login that cannot finish (no terminal, stdin closed) fails at once instead of waiting 5 minutes.
import { afterEach, describe, expect, it } from "vitest";
import { sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";
import { startOAuthFixture, type OAuthFixture } from "../fixtures/oauth/oauth-server.js";

const fixtures: OAuthFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
});

async function setup(authorizationEndpoint?: string) {
  const fx = await startOAuthFixture({
    scopesSupported: ["read"],
    ...(authorizationEndpoint !== undefined && { authorizationEndpoint }),
  });
  fixtures.push(fx);
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: { api: { type: "http", url: fx.url } } });
  return { sb, cfg };
}

describe("mcp login", () => {
  it("refuses an authorization_endpoint that is not https:, naming it", async () => {
    const { sb, cfg } = await setup("file:///etc/passwd");
    const r = await runCli(sb, ["mcp", "login", "api", "--headless", "--mcp-config", cfg]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("authorization_endpoint (file:///etc/passwd) is a file: URL");
    expect(r.stderr).not.toContain("open this URL");
  });

  it("without a terminal and without --no-browser fails at once with instructions", async () => {
    const { sb, cfg } = await setup();
    const r = await runCli(sb, ["mcp", "login", "api", "--mcp-config", cfg], { timeoutMs: 20_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("mcp login needs a terminal");
    expect(r.stderr).toContain("--no-browser");
  });

  it("with --no-browser and stdin closed fails instead of waiting", async () => {
    const { sb, cfg } = await setup();
    const r = await runCli(sb, ["mcp", "login", "api", "--no-browser", "--mcp-config", cfg], {
      timeoutMs: 20_000,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("stdin was closed, so the redirect URL cannot be pasted");
  });
});
