// Grants without a user, configured in the server's `oauth` entry and run through remoteAuth (the path every
// session takes) against the local authorization server and IdP in test/fixtures/oauth/grant-server.ts:
// client credentials (secret, private-key JWT), workload identity federation, enterprise-managed
// authorization (token exchange for an ID-JAG, then the JWT bearer grant).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULTS } from "../../src/core/config/schema.js";
import type { OAuthConfig, RemoteServerConfig } from "../../src/core/config/types.js";
import { McpConnection } from "../../src/core/mcp/connection/connection.js";
import { ServerLog } from "../../src/core/mcp/servers/logs.js";
import { remoteAuth } from "../../src/core/mcp/oauth/remote-auth.js";
import { sandbox } from "../helpers/env.js";
import { CLIENT, IDP_CLIENT, startGrantFixture, type GrantFixture } from "../fixtures/oauth/grant-server.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture(): Promise<GrantFixture> {
  const fx = await startGrantFixture();
  cleanups.push(() => fx.stop());
  return fx;
}

async function connect(fx: GrantFixture, oauth: OAuthConfig) {
  const config: RemoteServerConfig = {
    transport: "http",
    url: fx.url,
    headers: {},
    fallbackToSse: false,
    disabled: false,
    startupTimeoutMs: 10_000,
    timeoutMs: 10_000,
    maxTotalTimeoutMs: 10_000,
    maxMessageBytes: DEFAULTS.maxMessageBytes,
    oauth,
  };
  const log = new ServerLog("api");
  const fetch = remoteAuth({ dir: join(sandbox().home, "oauth") })("api", config, (t) => log.event(t));
  const conn = await McpConnection.open({
    name: "api",
    config,
    log,
    timeoutMs: 10_000,
    ...(fetch && { fetch }),
  });
  cleanups.push(() => conn.close());
  return conn;
}

const whoami = async (conn: McpConnection) =>
  ((await conn.callTool("whoami", {})).content as { text: string }[])[0]!.text;
const tokenEvents = (fx: GrantFixture) =>
  fx.events.filter((e) => e.startsWith("token") || e.startsWith("idp"));

describe("workload identity federation", () => {
  it("presents the workload's JWT from oauth.assertionFile as a JWT bearer grant", async () => {
    const fx = await fixture();
    const file = join(sandbox().home, "ci-token.jwt");
    writeFileSync(file, `${await fx.workloadJwt({ subject: "repo:acme/app" })}\n`);
    const conn = await connect(fx, { grant: "workload_identity", clientId: CLIENT.id, assertionFile: file });
    expect(await whoami(conn)).toBe("repo:acme/app");
    expect(tokenEvents(fx)).toEqual(["token jwt-bearer workload"]);
  });

  it("reports a refused assertion and does not send it again", async () => {
    const fx = await fixture();
    const assertion = await fx.workloadJwt({ audience: "https://elsewhere.example" });
    await expect(
      connect(fx, { grant: "workload_identity", clientId: CLIENT.id, assertion }),
    ).rejects.toMatchObject({
      code: "NEEDS_AUTH",
      message: expect.stringContaining("refused the workload identity assertion") as string,
    });
    expect(tokenEvents(fx)).toEqual([expect.stringMatching(/^token jwt-bearer refused: .*aud/)]);
  });
});

describe("oauth.issuer", () => {
  it("sends the credentials only to the configured authorization server", async () => {
    const fx = await fixture();
    const assertion = await fx.workloadJwt();
    const grant = { grant: "workload_identity", clientId: CLIENT.id, assertion } as const;
    await expect(connect(fx, { ...grant, issuer: "https://login.example.com" })).rejects.toMatchObject({
      code: "NEEDS_AUTH",
      message: expect.stringContaining(`authorization server is ${fx.base}, not oauth.issuer`) as string,
    });
    expect(tokenEvents(fx)).toEqual([]);
    const conn = await connect(fx, { ...grant, issuer: fx.base });
    expect(await whoami(conn)).toBe("repo:acme/app:ref:main");
    const cc = { grant: "client_credentials", clientId: CLIENT.id, clientSecret: CLIENT.secret } as const;
    await expect(connect(fx, { ...cc, issuer: "https://login.example.com" })).rejects.toMatchObject({
      code: "NEEDS_AUTH",
    });
    expect(tokenEvents(fx)).toEqual(["token jwt-bearer workload"]);
  });
});

describe("client credentials", () => {
  it("authenticates with the client secret", async () => {
    const fx = await fixture();
    const conn = await connect(fx, {
      grant: "client_credentials",
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    });
    expect(await whoami(conn)).toBe(CLIENT.id);
    expect(tokenEvents(fx)).toEqual(["token client_credentials client_secret_basic"]);
  });

  it("authenticates with a private-key JWT signed by oauth.privateKeyFile", async () => {
    const fx = await fixture();
    const file = join(sandbox().home, "client-key.pem");
    writeFileSync(file, fx.clientKeyPem, { mode: 0o600 });
    const conn = await connect(fx, {
      grant: "client_credentials",
      clientId: CLIENT.id,
      privateKeyFile: file,
    });
    expect(await whoami(conn)).toBe(CLIENT.id);
    expect(tokenEvents(fx)).toEqual(["token client_credentials private_key_jwt"]);
  });
});

describe("enterprise-managed authorization", () => {
  it("exchanges the user's ID token at the IdP for an ID-JAG, then redeems it at the server's AS", async () => {
    const fx = await fixture();
    const conn = await connect(fx, {
      grant: "enterprise",
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      idp: {
        tokenEndpoint: fx.idpTokenEndpoint,
        clientId: IDP_CLIENT,
        idToken: await fx.idToken("ada@example.com"),
      },
    });
    expect(await whoami(conn)).toBe("ada@example.com");
    expect(tokenEvents(fx)).toEqual([
      `idp token-exchange ${fx.base}`,
      "token jwt-bearer id-jag oauth-id-jag+jwt",
    ]);
  });
});
