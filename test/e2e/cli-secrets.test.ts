// Secrets in what `mcp get` prints and what the log files keep (§3.3, §4.6): the config as written, literal
// secrets in args and URLs masked, expanded values never shown.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, ROOT, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

describe("mcp get and logs", () => {
  it("show ${VAR} templates in args and url, never the expanded values", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("cfg.json", {
      mcpServers: {
        echo: { command: process.execPath, args: [fixture("echo.mjs"), "--token", "${ECHO_TOKEN}"] },
        api: { type: "http", url: "http://127.0.0.1:9/mcp?api_key=${API_KEY}", startupTimeoutMs: 2000 },
      },
    });
    const env = { ECHO_TOKEN: "canary-expanded-token", API_KEY: "canary-expanded-key" };
    for (const name of ["echo", "api"]) {
      const r = await runCli(sb, ["mcp", "get", name, "--mcp-config", cfg, "--json"], { env });
      expect(r.stdout).not.toContain("canary-expanded");
      const human = await runCli(sb, ["mcp", "get", name, "--mcp-config", cfg], { env });
      expect(human.stdout).not.toContain("canary-expanded");
      if (name === "echo")
        expect(r.json().config.args).toEqual([fixture("echo.mjs"), "--token", "${ECHO_TOKEN}"]);
      else expect(r.json().config.url).toBe("http://127.0.0.1:9/mcp?api_key=${API_KEY}");
    }
  });

  it("mask literal secrets in args and URLs, in mcp get and in the log files", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("cfg.json", {
      mcpServers: {
        echo: {
          command: process.execPath,
          args: [fixture("echo.mjs"), "--api-key=canary-literal-1", "--token", "canary-literal-2"],
        },
        api: { type: "http", url: "http://u:canary-literal-3@127.0.0.1:9/mcp?sig=canary-literal-4" },
      },
    });
    const r = await runCli(sb, ["mcp", "get", "echo", "--mcp-config", cfg, "--json"]);
    expect(r.json().config.args).toEqual([fixture("echo.mjs"), "--api-key=****", "--token", "****"]);
    const a = await runCli(sb, ["mcp", "get", "api", "--mcp-config", cfg, "--json"]);
    expect(a.json().config.url).toBe("http://u:****@127.0.0.1:9/mcp?sig=****");
    const logs = join(sb.env.CODEAGENT_HOME!, "logs");
    const text = readdirSync(logs)
      .map((f) => readFileSync(join(logs, f), "utf8"))
      .join("\n");
    expect(text).toContain("spawned pid");
    expect(text).not.toContain("canary-literal");
  });
});

describe("mcp get: passwords in connection strings (issue 32.2)", () => {
  it("masks scheme://user:password@ in server-postgres's URL, DBHub's --dsn and MongoDB's --connectionString", async () => {
    const sb = sandbox();
    const postgres = join(ROOT, "node_modules/@modelcontextprotocol/server-postgres/dist/index.js");
    const cfg = sb.writeJson("cfg.json", {
      mcpServers: {
        // The real server-postgres, configured as its README says (a URL argument); nothing listens on port 9.
        postgres: {
          command: process.execPath,
          args: [postgres, "postgresql://app:canary-pg-pw@127.0.0.1:9/shop"],
        },
        dbhub: {
          command: process.execPath,
          args: [fixture("echo.mjs"), "--dsn=mysql://root:canary-dsn-pw@127.0.0.1:9/db"],
        },
        mongo: {
          command: process.execPath,
          args: [
            fixture("echo.mjs"),
            "--connectionString",
            "mongodb+srv://u:canary-mongo-pw@c.example.net/x",
          ],
          env: { REDIS_URL: "redis://default:canary-env-pw@127.0.0.1:9" },
        },
      },
    });
    const shown: string[] = [];
    for (const name of ["postgres", "dbhub", "mongo"]) {
      const json = await runCli(sb, ["mcp", "get", name, "--mcp-config", cfg, "--json"]);
      const text = await runCli(sb, ["mcp", "get", name, "--mcp-config", cfg]);
      shown.push(json.stdout, text.stdout);
      expect(text.stdout).toContain(":****@");
    }
    expect(shown.join("\n")).not.toContain("canary-");
    const pg = await runCli(sb, ["mcp", "get", "postgres", "--mcp-config", cfg, "--json"]);
    expect(pg.json().config.args).toEqual([postgres, "postgresql://app:****@127.0.0.1:9/shop"]);
  });
});
