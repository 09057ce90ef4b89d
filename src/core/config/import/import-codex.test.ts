// Table tests of `planImport` with configs as Codex (config.toml) and Windsurf (mcp_config.json) write them.
import { describe, expect, it } from "vitest";
import { planImport } from "./index.js";

const CODEX = `
model = "gpt-5.4"

[mcp_servers.context7]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]
env = { "LOG" = "info" }
env_vars = ["CONTEXT7_API_KEY"]
startup_timeout_sec = 20
tool_timeout_sec = 45.5
enabled_tools = ["resolve-library-id", "get-library-docs"]

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_OAUTH_TOKEN"
http_headers = { "X-Figma-Region" = "us-east-1" }
env_http_headers = { "X-Org-Id" = "FIGMA_ORG_ID" }
enabled = false
`;

describe("Codex config.toml", () => {
  it("reads [mcp_servers.NAME] tables and translates Codex's keys", () => {
    const p = planImport("/home/u/.codex/config.toml", CODEX, { cwd: "/work/app" });
    expect(p.format).toBe("codex");
    expect(p.servers).toEqual([
      {
        name: "context7",
        original: "context7",
        entry: {
          command: "npx",
          args: ["-y", "@upstash/context7-mcp"],
          env: { LOG: "info", CONTEXT7_API_KEY: "${CONTEXT7_API_KEY}" },
          startupTimeoutMs: 20000,
          timeoutMs: 45500,
          includeTools: ["resolve-library-id", "get-library-docs"],
        },
        notes: [
          "env_vars → env entries passing CONTEXT7_API_KEY through",
          "startup_timeout_sec 20 s → startupTimeoutMs",
          "tool_timeout_sec 45.5 s → timeoutMs",
        ],
      },
      {
        name: "figma",
        original: "figma",
        entry: {
          url: "https://mcp.figma.com/mcp",
          headers: {
            Authorization: "Bearer ${FIGMA_OAUTH_TOKEN}",
            "X-Figma-Region": "us-east-1",
            "X-Org-Id": "${FIGMA_ORG_ID}",
          },
          disabled: true,
        },
        notes: [
          'bearer_token_env_var → headers.Authorization: "Bearer ${FIGMA_OAUTH_TOKEN}"',
          "env_http_headers → headers with ${VAR} values",
        ],
      },
    ]);
  });

  it("reports a TOML syntax error with file, line and column (never as JSON)", () => {
    expect(() => planImport("/c/config.toml", '[mcp_servers.x]\ncommand = "a', { cwd: "/" })).toThrow(
      /^\/c\/config\.toml:2:\d+: not valid TOML/,
    );
  });

  it("says what is missing from a TOML file without servers", () => {
    expect(() => planImport("/c/config.toml", 'model = "o3"\n', { cwd: "/" })).toThrow(
      "/c/config.toml: no [mcp_servers.NAME] tables (the Codex config.toml format)",
    );
  });
});

describe("Windsurf mcp_config.json", () => {
  it("takes serverUrl as the url", () => {
    const p = planImport(
      "/home/u/.codeium/windsurf/mcp_config.json",
      JSON.stringify({
        mcpServers: {
          remote: { serverUrl: "https://mcp.example.com/mcp", headers: { "X-Key": "${env:KEY}" } },
          local: { command: "node", args: ["s.js"] },
        },
      }),
      { cwd: "/work/app" },
    );
    expect(p.format).toBe("windsurf");
    expect(p.servers).toEqual([
      {
        name: "remote",
        original: "remote",
        entry: { url: "https://mcp.example.com/mcp", headers: { "X-Key": "${KEY}" } },
        notes: ["serverUrl → url", "headers.X-Key: ${env:KEY} → ${KEY}"],
      },
      { name: "local", original: "local", entry: { command: "node", args: ["s.js"] }, notes: [] },
    ]);
  });
});
