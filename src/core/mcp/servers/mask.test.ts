// What `mcp get` and the logs show of a config (§3.3, §4.6): templates as written, literal secrets masked.
import { describe, expect, it } from "vitest";
import { Masker, maskArgs, maskConfigValues, maskUrl, secretsOf } from "./mask.js";

describe("maskUrl", () => {
  it.each([
    ["https://mcp.example.com/mcp", "https://mcp.example.com/mcp"],
    ["https://x.dev/mcp?api_key=${KEY}", "https://x.dev/mcp?api_key=${KEY}"],
    ["https://x.dev/mcp?api_key=sk-live-123", "https://x.dev/mcp?api_key=****"],
    // Every literal query value: a key name says nothing reliable about its value.
    ["https://x.dev/sse?session=abc&v=2&flag", "https://x.dev/sse?session=****&v=****&flag"],
    ["https://user:hunter22@x.dev/mcp", "https://user:****@x.dev/mcp"],
    ["https://${USER}:${PASS}@x.dev/mcp", "https://${USER}:${PASS}@x.dev/mcp"],
    ["https://ghp_abcdefghijkl@x.dev/mcp#top", "https://****@x.dev/mcp#top"],
    ["http://127.0.0.1:9000/sse", "http://127.0.0.1:9000/sse"],
  ])("%s", (url, shown) => {
    expect(maskUrl(url)).toBe(shown);
  });
});

describe("maskArgs", () => {
  it.each([
    [
      ["--token", "abc123"],
      ["--token", "****"],
    ],
    [
      ["--token", "${TOKEN}"],
      ["--token", "${TOKEN}"],
    ],
    [["--api-key=sk-123456"], ["--api-key=****"]],
    [["--api-key=${KEY}"], ["--api-key=${KEY}"]],
    [
      ["-e", "GITHUB_TOKEN=ghp_x1y2z3"],
      ["-e", "GITHUB_TOKEN=****"],
    ],
    [
      ["-e", "LOG_LEVEL=debug"],
      ["-e", "LOG_LEVEL=debug"],
    ],
    [
      ["--header", "Authorization: Bearer abcdefgh"],
      ["--header", "Authorization: Bearer ****"],
    ],
    [["Bearer s3cr3t-tok"], ["Bearer ****"]],
    [
      ["--password", "--verbose"],
      ["--password", "--verbose"],
    ],
    [
      ["run", "sk-proj-abcdefghijkl"],
      ["run", "****"],
    ],
    [
      ["-y", "@modelcontextprotocol/server-filesystem", "/home/ada/src"],
      ["-y", "@modelcontextprotocol/server-filesystem", "/home/ada/src"],
    ],
    // Twilio's README: `npx -y @twilio-alpha/mcp YOUR_ACCOUNT_SID/YOUR_API_KEY:YOUR_API_SECRET`.
    [
      [
        "-y",
        "@twilio-alpha/mcp",
        "AC0123456789abcdef0123456789abcdef/SK0123456789abcdef0123456789abcdef:q8Wm2Zr7Xk4Pt9Lv3Nb6Hc1Jd5Fg0Sa2",
      ],
      [
        "-y",
        "@twilio-alpha/mcp",
        "AC0123456789abcdef0123456789abcdef/SK0123456789abcdef0123456789abcdef:****",
      ],
    ],
    [["${TWILIO_SID}/${TWILIO_KEY}:${TWILIO_SECRET}"], ["${TWILIO_SID}/${TWILIO_KEY}:${TWILIO_SECRET}"]],
    [
      [
        "heroku",
        "mcp:start",
        "localhost:6379",
        "ghcr.io/acme/server:2025.11.30-abc123",
        "abcdefghijklmnopqrst:uvwxyzabcdefghijkl",
      ],
      [
        "heroku",
        "mcp:start",
        "localhost:6379",
        "ghcr.io/acme/server:2025.11.30-abc123",
        "abcdefghijklmnopqrst:uvwxyzabcdefghijkl",
      ],
    ],
  ])("%j", (args, shown) => {
    expect(maskArgs(args)).toEqual(shown);
  });
});

describe("maskConfigValues", () => {
  it("keeps templates and masks literal secrets everywhere a config holds them", () => {
    expect(
      maskConfigValues({
        transport: "stdio",
        command: "npx",
        args: ["server", "--token", "${TOKEN}", "--api-key", "literal-key"],
        env: { API_TOKEN: "tok-value", GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG: "info" },
      }),
    ).toEqual({
      transport: "stdio",
      command: "npx",
      args: ["server", "--token", "${TOKEN}", "--api-key", "****"],
      env: { API_TOKEN: "****", GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG: "info" },
    });
    expect(
      maskConfigValues({
        url: "https://x.dev/mcp?key=abc123",
        headers: { Authorization: "Bearer ${API_TOKEN}", "X-Api-Key": "literal", Other: "Bearer abcdef" },
        oauth: { clientId: "id", clientSecret: "shh" },
      }),
    ).toEqual({
      url: "https://x.dev/mcp?key=****",
      headers: { Authorization: "Bearer ${API_TOKEN}", "X-Api-Key": "****", Other: "Bearer ****" },
      oauth: { clientId: "id", clientSecret: "****" },
    });
    const idp = { tokenEndpoint: "https://idp/token", clientId: "c", clientSecret: "s", idToken: "eyJ.x.y" };
    expect(
      maskConfigValues({
        oauth: { grant: "enterprise", assertion: "${CI_TOKEN}", assertionFile: "/t", idp },
      }),
    ).toEqual({
      oauth: {
        grant: "enterprise",
        assertion: "${CI_TOKEN}",
        assertionFile: "/t",
        idp: { tokenEndpoint: "https://idp/token", clientId: "c", clientSecret: "****", idToken: "****" },
      },
    });
  });
});

describe("Masker with a resolved config's secrets", () => {
  it("hides literal args and URL secrets in log lines", () => {
    const m = new Masker(
      secretsOf({
        args: ["--token", "canary-arg-value", "API_KEY=canary-env-value"],
        url: "https://u:canary-pass@x.dev/mcp?sig=canary-query",
      }),
    );
    expect(
      m.mask(
        "spawned with --token canary-arg-value API_KEY=canary-env-value; GET https://u:canary-pass@x.dev/mcp?sig=canary-query",
      ),
    ).toBe("spawned with --token **** API_KEY=****; GET https://u:****@x.dev/mcp?sig=****");
  });

  it("hides the secret of a credential pair passed as one argument, in the spawn line of the log", () => {
    const args = [
      "AC0123456789abcdef0123456789abcdef/SK0123456789abcdef0123456789abcdef:q8Wm2Zr7Xk4Pt9Lv3Nb6Hc1Jd5Fg0Sa2",
    ];
    expect(new Masker(secretsOf({ args })).mask(`spawned pid 7: twilio-mcp-server ${args[0]}`)).toBe(
      "spawned pid 7: twilio-mcp-server AC0123456789abcdef0123456789abcdef/SK0123456789abcdef0123456789abcdef:****",
    );
  });

  it("masks secret-flag values and URL passwords it was not told about", () => {
    const m = new Masker([]);
    expect(m.mask("argv: server --api-key abcdef123 --port 8080 https://bob:pw1234@h/x")).toBe(
      "argv: server --api-key **** --port 8080 https://bob:****@h/x",
    );
  });
});

describe("maskConfigValues: passwords in connection strings (issue 32.2)", () => {
  it.each([
    // server-postgres: the URL is a positional argument.
    [
      { args: ["-y", "@modelcontextprotocol/server-postgres", "postgresql://app:s3cret-pw@db:5432/shop"] },
      { args: ["-y", "@modelcontextprotocol/server-postgres", "postgresql://app:****@db:5432/shop"] },
    ],
    // DBHub's --dsn=…, MongoDB's --connectionString …, an env value, a template password kept.
    [
      {
        args: [
          "--dsn=mysql://root:pw1234@localhost/db",
          "--connectionString",
          "mongodb+srv://u:p4ss@c.net/x",
        ],
      },
      {
        args: ["--dsn=mysql://root:****@localhost/db", "--connectionString", "mongodb+srv://u:****@c.net/x"],
      },
    ],
    [
      { env: { DB: "redis://default:abc@r:6379", URL: "postgres://u:${PW}@h/db" } },
      { env: { DB: "redis://default:****@r:6379", URL: "postgres://u:${PW}@h/db" } },
    ],
    [{ args: ["https://example.com/a@b", "user@host"] }, { args: ["https://example.com/a@b", "user@host"] }],
  ])("%j", (config, shown) => {
    expect(maskConfigValues(config)).toEqual(shown);
  });
});
