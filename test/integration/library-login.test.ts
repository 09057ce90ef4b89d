// Signing in from a program (§17, issue 31 item 6): host.login drives the OAuth flow of a real local
// authorization server without the CLI, and the authProvider option lets a program bring its own provider.
import { afterEach, describe, expect, it } from "vitest";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { createMcpHost, type McpHost } from "../../src/core/index.js";
import { startOAuthFixture, type OAuthFixture } from "../fixtures/oauth/oauth-server.js";
import { sandbox } from "../helpers/env.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(
  extra: Parameters<typeof createMcpHost>[0] = {},
): Promise<{ h: McpHost; fx: OAuthFixture }> {
  const fx = await startOAuthFixture();
  cleanups.push(() => fx.stop());
  const sb = sandbox();
  const h = await createMcpHost({
    cwd: sb.project,
    env: sb.env,
    servers: { secure: { type: "http", url: fx.url } },
    startupWaitMs: 15_000,
    ...extra,
  });
  cleanups.push(() => h.close());
  return { h, fx };
}

const status = (h: McpHost) => h.servers().find((s) => s.name === "secure")?.status;

describe("host.login", () => {
  it("signs in through the URL it hands the program, stores the tokens, and starts the server with them", async () => {
    const { h } = await setup();
    expect(status(h)).toBe("needs-auth");
    const seen: URL[] = [];
    // The fixture's /authorize approves at once and redirects to the host's loopback callback: following the
    // redirect is what a user's browser does.
    const r = await h.login("secure", {
      onAuthorizationUrl: async (url) => {
        seen.push(url);
        await fetch(url);
      },
    });
    expect(r).toMatchObject({ server: "secure", authorized: true });
    expect(r.tools).toBeGreaterThan(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.searchParams.get("code_challenge_method")).toBe("S256");
    expect(status(h)).toBe("ready");
    expect(h.tools({ server: "secure" }).length).toBe(r.tools);
  });

  it("refuses a server it cannot sign in to, naming why", async () => {
    const { h } = await setup();
    await expect(h.login("nope", { onAuthorizationUrl: () => undefined })).rejects.toMatchObject({
      code: "UNKNOWN_SERVER",
    });
    const aborted = new AbortController();
    const pending = h.login("secure", { onAuthorizationUrl: () => aborted.abort(), signal: aborted.signal });
    await expect(pending).rejects.toMatchObject({ code: "CANCELLED" });
  });
});

describe("the authProvider option", () => {
  it("uses the program's own OAuthClientProvider for the server", async () => {
    let asked = 0;
    const provider: OAuthClientProvider = {
      get redirectUrl() {
        return "http://127.0.0.1:1/callback";
      },
      get clientMetadata() {
        return { redirect_uris: ["http://127.0.0.1:1/callback"], client_name: "program" };
      },
      clientInformation: () => undefined,
      tokens: () => {
        asked++;
        return undefined;
      },
      saveTokens: () => undefined,
      redirectToAuthorization: () => undefined,
      saveCodeVerifier: () => undefined,
      codeVerifier: () => "v",
    };
    const { h } = await setup({ authProvider: (server) => (server === "secure" ? provider : undefined) });
    expect(asked).toBeGreaterThan(0);
    expect(status(h)).toBe("needs-auth");
  });

  it("is refused when it is neither a provider nor a function", async () => {
    const sb = sandbox();
    await expect(
      createMcpHost({ cwd: sb.project, env: sb.env, servers: {}, authProvider: 42 as never }),
    ).rejects.toMatchObject({ code: "USAGE" });
  });
});
