// Table tests of `planImport` with configs as Cursor, VS Code and Gemini CLI write them.
import { describe, expect, it } from "vitest";
import { planImport, type ImportPlan } from "./index.js";

const plan = (file: string, value: unknown, cwd = "/work/app"): ImportPlan =>
  planImport(file, typeof value === "string" ? value : JSON.stringify(value), { cwd });

describe("Cursor", () => {
  it("rewrites ${env:X} and ${workspaceFolder}, leaves envFile out with a note", () => {
    const p = plan("/work/app/.cursor/mcp.json", {
      mcpServers: {
        context7: {
          url: "https://mcp.context7.com/mcp",
          headers: { CONTEXT7_API_KEY: "${env:CONTEXT7_API_KEY}" },
        },
        local: {
          command: "node",
          args: ["${workspaceFolder}/tools/server.js"],
          env: { DEBUG: 1 },
          envFile: ".env",
        },
      },
    });
    expect(p.format).toBe("cursor");
    expect(p.servers).toEqual([
      {
        name: "context7",
        original: "context7",
        entry: { url: "https://mcp.context7.com/mcp", headers: { CONTEXT7_API_KEY: "${CONTEXT7_API_KEY}" } },
        notes: ["headers.CONTEXT7_API_KEY: ${env:CONTEXT7_API_KEY} → ${CONTEXT7_API_KEY}"],
      },
      {
        name: "local",
        original: "local",
        entry: { command: "node", args: ["/work/app/tools/server.js"], env: { DEBUG: "1" } },
        notes: [
          "args[0]: ${workspaceFolder} → /work/app",
          'env.DEBUG: 1 written as the string "1"',
          "envFile is not supported; put the variables in the project's .env or the environment",
        ],
      },
    ]);
  });
});

describe("VS Code", () => {
  it("reads root servers (JSONC), turns ${input:…} into a variable named after the input, with a note", () => {
    const text = `{
      // Secrets come from prompts
      "inputs": [{ "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true }],
      "servers": {
        "Perplexity": {
          "type": "stdio", "command": "npx", "args": ["-y", "server-perplexity-ask"],
          "env": { "PERPLEXITY_API_KEY": "\${input:perplexity-key}" }
        },
        "github": {
          "type": "http", "url": "https://api.githubcopilot.com/mcp/",
          "headers": { "Authorization": "Bearer \${env:GITHUB_TOKEN}" }
        },
        "my.server": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js"], "dev": { "watch": "src/**/*.ts" } },
      }
    }`;
    const p = plan("/work/app/.vscode/mcp.json", text);
    expect(p).toEqual({
      format: "vscode",
      formatName: "VS Code (mcp.json)",
      notes: [
        '"inputs" (1 prompt): codeagent does not prompt; each ${input:ID} became a ${VAR} to set in the environment, -D or .env',
      ],
      servers: [
        {
          name: "Perplexity",
          original: "Perplexity",
          entry: {
            command: "npx",
            args: ["-y", "server-perplexity-ask"],
            env: { PERPLEXITY_API_KEY: "${PERPLEXITY_KEY}" },
          },
          notes: [
            "env.PERPLEXITY_API_KEY: ${input:perplexity-key} → ${PERPLEXITY_KEY} (VS Code asked for it; set PERPLEXITY_KEY in the environment, -D or .env)",
          ],
        },
        {
          name: "github",
          original: "github",
          entry: {
            type: "http",
            url: "https://api.githubcopilot.com/mcp/",
            headers: { Authorization: "Bearer ${GITHUB_TOKEN}" },
          },
          notes: ["headers.Authorization: ${env:GITHUB_TOKEN} → ${GITHUB_TOKEN}"],
        },
        {
          name: "my-server",
          original: "my.server",
          entry: { command: "node", args: ["/work/app/server.js"] },
          notes: [
            'renamed from "my.server" (names may use letters, digits, _ and -)',
            "args[0]: ${workspaceFolder} → /work/app",
            "dev (VS Code watch/debug settings) has no codeagent equivalent",
          ],
        },
      ],
    });
  });

  it("reads the mcp.servers block of a user settings.json", () => {
    const p = plan("/home/ada/.config/Code/User/settings.json", {
      "editor.fontSize": 14,
      mcp: { servers: { time: { command: "uvx", args: ["mcp-server-time"] } } },
    });
    expect([p.format, p.servers.map((s) => s.entry)]).toEqual([
      "vscode-settings",
      [{ command: "uvx", args: ["mcp-server-time"] }],
    ]);
  });
});

describe("Gemini CLI", () => {
  it("maps httpUrl/url, timeout, trust, tool filters, cwd, $VAR and the OAuth client", () => {
    const p = plan("/work/app/.gemini/settings.json", {
      theme: "GitHub",
      mcpServers: {
        pythonTools: {
          command: "python",
          args: ["-m", "my_mcp_server", "--port", "8080"],
          cwd: "./mcp-servers/python",
          env: { DATABASE_URL: "$DB_CONNECTION_STRING", API_KEY: "${EXTERNAL_API_KEY}" },
          timeout: 15000,
          trust: false,
          includeTools: ["query"],
          excludeTools: ["drop"],
        },
        httpServer: { httpUrl: "http://localhost:3000/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
        sseServer: { url: "http://localhost:8080/sse" },
        oauthServer: {
          url: "https://api.example.com/sse",
          oauth: { enabled: true, clientId: "abc", tokenUrl: "https://x/token", scopes: ["read"] },
        },
      },
    });
    expect(p.format).toBe("gemini");
    expect(p.servers).toEqual([
      {
        name: "pythonTools",
        original: "pythonTools",
        entry: {
          command: "python",
          args: ["-m", "my_mcp_server", "--port", "8080"],
          env: { DATABASE_URL: "${DB_CONNECTION_STRING}", API_KEY: "${EXTERNAL_API_KEY}" },
          cwd: "/work/app/mcp-servers/python",
          timeoutMs: 15000,
          trust: false,
          includeTools: ["query"],
          excludeTools: ["drop"],
        },
        notes: [
          "env.DATABASE_URL: $DB_CONNECTION_STRING → ${DB_CONNECTION_STRING}",
          'cwd: "./mcp-servers/python" made absolute: /work/app/mcp-servers/python',
          "timeout 15000 ms → timeoutMs",
        ],
      },
      {
        name: "httpServer",
        original: "httpServer",
        entry: {
          type: "http",
          url: "http://localhost:3000/mcp",
          headers: { Authorization: "Bearer ${TOKEN}" },
        },
        notes: [],
      },
      {
        name: "sseServer",
        original: "sseServer",
        entry: { type: "sse", url: "http://localhost:8080/sse" },
        notes: [],
      },
      {
        name: "oauthServer",
        original: "oauthServer",
        entry: {
          type: "sse",
          url: "https://api.example.com/sse",
          oauth: { clientId: "abc", scopes: ["read"] },
        },
        notes: ["oauth: tokenUrl left out; codeagent discovers the authorization server itself"],
      },
    ]);
  });
});
