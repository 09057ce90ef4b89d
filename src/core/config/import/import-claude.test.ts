// Table tests of `planImport` with configs as Claude Desktop and Claude Code write them.
import { describe, expect, it } from "vitest";
import { planImport, type ImportPlan } from "./index.js";

const plan = (file: string, value: unknown, cwd = "/work/app"): ImportPlan =>
  planImport(file, typeof value === "string" ? value : JSON.stringify(value), { cwd });

describe("Claude Desktop", () => {
  it("copies stdio servers as they are", () => {
    const p = plan("/Users/ada/Library/Application Support/Claude/claude_desktop_config.json", {
      mcpServers: {
        filesystem: {
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop"],
        },
        github: {
          command: "docker",
          args: [
            "run",
            "-i",
            "--rm",
            "-e",
            "GITHUB_PERSONAL_ACCESS_TOKEN",
            "ghcr.io/github/github-mcp-server",
          ],
          env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_example" },
        },
      },
      globalShortcut: "Alt+Space",
    });
    expect(p).toEqual({
      format: "claude-desktop",
      formatName: "Claude Desktop",
      notes: [],
      servers: [
        {
          name: "filesystem",
          original: "filesystem",
          notes: [],
          entry: {
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop"],
          },
        },
        {
          name: "github",
          original: "github",
          notes: [],
          entry: {
            command: "docker",
            args: [
              "run",
              "-i",
              "--rm",
              "-e",
              "GITHUB_PERSONAL_ACCESS_TOKEN",
              "ghcr.io/github/github-mcp-server",
            ],
            env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_example" },
          },
        },
      ],
    });
  });
});

describe("Claude Code", () => {
  it(".mcp.json: keeps ${VAR} and ${VAR:-default}, maps http/sse types, drops type stdio", () => {
    const p = plan("/work/app/.mcp.json", {
      mcpServers: {
        sentry: { type: "http", url: "https://mcp.sentry.dev/mcp" },
        linear: { type: "sse", url: "https://mcp.linear.app/sse" },
        db: {
          type: "stdio",
          command: "npx",
          args: ["-y", "@bytebase/dbhub", "--dsn", "${DATABASE_URL}"],
          env: { LOG: "${LOG_LEVEL:-info}" },
        },
        api: {
          type: "http",
          url: "${API_BASE_URL:-https://api.example.com}/mcp",
          headers: { Authorization: "Bearer ${API_KEY}" },
        },
        ws: { type: "ws", url: "wss://x.example/ws" },
      },
    });
    expect(p.format).toBe("claude-code");
    expect(p.servers).toEqual([
      {
        name: "sentry",
        original: "sentry",
        notes: [],
        entry: { type: "http", url: "https://mcp.sentry.dev/mcp" },
      },
      {
        name: "linear",
        original: "linear",
        notes: [],
        entry: { type: "sse", url: "https://mcp.linear.app/sse" },
      },
      {
        name: "db",
        original: "db",
        notes: [],
        entry: {
          command: "npx",
          args: ["-y", "@bytebase/dbhub", "--dsn", "${DATABASE_URL}"],
          env: { LOG: "${LOG_LEVEL:-info}" },
        },
      },
      {
        name: "api",
        original: "api",
        notes: [],
        entry: {
          type: "http",
          url: "${API_BASE_URL:-https://api.example.com}/mcp",
          headers: { Authorization: "Bearer ${API_KEY}" },
        },
      },
      {
        name: "ws",
        original: "ws",
        notes: [],
        skipped: 'transport type "ws" is not supported (stdio, http and sse are)',
      },
    ]);
  });

  it("~/.claude.json: user servers plus this project's (which win); other projects are pointed out", () => {
    const p = plan("/home/ada/.claude.json", {
      numStartups: 42,
      mcpServers: {
        memory: {
          type: "stdio",
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-memory"],
          env: {},
        },
        time: { type: "stdio", command: "uvx", args: ["mcp-server-time"] },
      },
      projects: {
        "/work/app": {
          allowedTools: [],
          mcpServers: { memory: { type: "stdio", command: "node", args: ["memory.js"] } },
        },
        "/work/other": { mcpServers: { pg: { command: "pg-mcp" } } },
        "/work/empty": { mcpServers: {} },
      },
    });
    expect(p.format).toBe("claude-code-user");
    expect(p.servers.map((s) => [s.name, s.entry])).toEqual([
      ["time", { command: "uvx", args: ["mcp-server-time"] }],
      ["memory", { command: "node", args: ["memory.js"] }],
    ]);
    expect(p.notes).toEqual([
      `"memory" is defined for the user and for this project; the project's definition is used`,
      "project /work/other has 1 server(s) of its own (pg); run the import from that directory to copy them",
    ]);
  });
});

describe("what is not a config", () => {
  it.each([
    ["/tmp/package.json", { name: "x", version: "1.0.0" }, /not a config file codeagent can import/],
    ["/tmp/broken.json", "{ nope", /broken\.json/],
  ])("%s is refused", (file, value, message) => {
    expect(() => plan(file, value)).toThrow(message);
  });
});
