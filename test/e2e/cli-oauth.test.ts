// `codeagent mcp login | logout` and `mcp list` against a local OAuth-protected server, as a user runs them:
// needs-auth until login, the URL printed with --no-browser, the redirect pasted (or reached by a browser),
// tokens stored 0600, then ready.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, sandbox, type Sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";
import { startOAuthFixture, type OAuthFixture } from "../fixtures/oauth/oauth-server.js";

const fixtures: OAuthFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
});

async function setup(): Promise<{ fx: OAuthFixture; sb: Sandbox; cfg: string }> {
  const fx = await startOAuthFixture({ scopesSupported: ["read"] });
  fixtures.push(fx);
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: { api: { type: "http", url: fx.url } } });
  return { fx, sb, cfg };
}

/** Runs the CLI with stdin open, so the test can act as the user while it waits. */
function startCli(sb: Sandbox, args: string[]) {
  const child = spawn(process.execPath, [join(ROOT, "bin", "codeagent.js"), ...args], {
    cwd: sb.project,
    env: sb.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  const authorizationUrl = async (): Promise<string> => {
    for (let i = 0; i < 200; i++) {
      const m = /^ {2}(http\S+)$/m.exec(stderr);
      if (m) return m[1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no authorization URL on stderr:\n${stderr}`);
  };
  return { child, done, authorizationUrl };
}

/** What the user's browser does at the authorization server: the redirect back to codeagent. */
async function approve(url: string): Promise<string> {
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

const list = async (sb: Sandbox, cfg: string) =>
  (await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--json"])).json().servers[0] as Record<
    string,
    unknown
  >;

describe("mcp login", () => {
  it("is needed first; --no-browser prints the URL and takes the pasted redirect; then the server is ready", async () => {
    const { fx, sb, cfg } = await setup();
    expect(await list(sb, cfg)).toMatchObject({
      status: "needs-auth",
      error: expect.stringContaining("run codeagent mcp login api") as string,
    });

    const login = startCli(sb, ["mcp", "login", "api", "--no-browser", "--mcp-config", cfg]);
    const url = await login.authorizationUrl();
    expect(new URL(url).searchParams.get("resource")).toBe(fx.url);
    login.child.stdin.write(`${await approve(url)}\n`);
    const r = await login.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('To authorize "api", open this URL in a browser:');

    const dir = join(sb.env.CODEAGENT_HOME!, "oauth");
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^api-[0-9a-f]{12}\.json$/)]);
    const file = join(dir, files[0]!);
    expect(r.stdout.trim()).toBe(`Authorized "api" (2 tools). Tokens saved to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(await list(sb, cfg)).toMatchObject({ status: "ready", error: null, tools: 2 });

    const out = await runCli(sb, ["mcp", "logout", "api", "--mcp-config", cfg]);
    expect(out.stdout.trim()).toBe(`Logged out of "api" (removed ${file})`);
    expect(await list(sb, cfg)).toMatchObject({ status: "needs-auth" });
  });

  it("completes when the browser reaches the callback, and headless without anyone", async () => {
    const { sb, cfg } = await setup();
    const login = startCli(sb, ["mcp", "login", "api", "--no-browser", "--mcp-config", cfg, "--json"]);
    const back = await fetch(await approve(await login.authorizationUrl()));
    expect(await back.text()).toContain("Authorization complete");
    const r = await login.done;
    expect([r.code, JSON.parse(r.stdout)]).toEqual([
      0,
      {
        server: "api",
        authorized: true,
        tokenFile: expect.stringContaining("/oauth/api-") as string,
        tools: 2,
      },
    ]);

    await runCli(sb, ["mcp", "logout", "api", "--mcp-config", cfg]);
    const headless = await runCli(sb, ["mcp", "login", "api", "--headless", "--mcp-config", cfg]);
    expect(headless.code).toBe(0);
    expect(await list(sb, cfg)).toMatchObject({ status: "ready" });
  });

  it("refuses a server that is unknown or not remote", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", { mcpServers: { local: { command: "node" } } });
    const unknown = await runCli(sb, ["mcp", "login", "nope", "--mcp-config", cfg]);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      2,
      'codeagent: no MCP server named "nope" is configured',
    ]);
    const stdio = await runCli(sb, ["mcp", "login", "local", "--mcp-config", cfg]);
    expect([stdio.code, stdio.stderr.trim()]).toEqual([
      2,
      'codeagent: "local" is a stdio server; OAuth login applies to http and sse servers',
    ]);
  });
});
