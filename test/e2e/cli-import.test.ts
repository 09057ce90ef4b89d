// `codeagent mcp import FILE` end to end: what lands in the config file, what is reported, and that an
// existing server is replaced only with --force.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

describe("mcp import", () => {
  it("copies a VS Code mcp.json into the user config and never overwrites without --force", async () => {
    const sb = sandbox();
    const source = sb.writeJson(join(sb.project, ".vscode", "mcp.json"), {
      inputs: [{ type: "promptString", id: "key" }],
      servers: {
        github: {
          type: "http",
          url: "https://api.githubcopilot.com/mcp/",
          headers: { Authorization: "Bearer ${env:GH}" },
        },
        secret: { command: "npx", env: { KEY: "${input:key}" } },
      },
    });
    const userConfig = join(sb.env.CODEAGENT_HOME!, "mcp.json");

    const first = await runCli(sb, ["mcp", "import", source, "--json"]);
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({
      format: "vscode",
      target: userConfig,
      servers: [
        { name: "github", status: "added" },
        {
          name: "secret",
          status: "added",
          notes: [
            "env.KEY: ${input:key} → ${KEY} (VS Code asked for it; set KEY in the environment, -D or .env)",
          ],
        },
      ],
    });
    expect(JSON.parse(readFileSync(userConfig, "utf8"))).toEqual({
      mcpServers: {
        github: {
          type: "http",
          url: "https://api.githubcopilot.com/mcp/",
          headers: { Authorization: "Bearer ${GH}" },
        },
        secret: { command: "npx", env: { KEY: "${KEY}" } },
      },
    });

    const again = await runCli(sb, ["mcp", "import", source]);
    expect(again.stdout).toContain(
      "= github               not imported: a server of that name already exists",
    );
    expect(again.stdout).toContain("Use --force to replace servers that already exist.");

    const forced = await runCli(sb, ["mcp", "import", source, "--force", "--json"]);
    expect(forced.json().servers[0]).toMatchObject({ name: "github", status: "replaced" });
  });

  it("writes a project import to .mcp.json and says it needs approval", async () => {
    const sb = sandbox();
    const source = sb.writeJson("claude_desktop_config.json", {
      mcpServers: { time: { command: "uvx", args: ["mcp-server-time"] } },
    });
    const r = await runCli(sb, ["mcp", "import", source, "--scope", "project"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("(Claude Desktop)");
    expect(r.stdout).toContain("Project servers run only after approval");
    expect(JSON.parse(readFileSync(join(sb.project, ".mcp.json"), "utf8"))).toEqual({
      mcpServers: { time: { command: "uvx", args: ["mcp-server-time"] } },
    });
  });

  it("imports a VS Code server whose env uses ${input:ID}; it starts once the variable is set", async () => {
    const sb = sandbox();
    const source = sb.writeJson(join(sb.project, ".vscode", "mcp.json"), {
      inputs: [{ type: "promptString", id: "echo-token", password: true }],
      servers: {
        echo: {
          command: process.execPath,
          args: [fixture("echo.mjs")],
          env: { TOKEN: "${input:echo-token}" },
        },
      },
    });
    const imported = await runCli(sb, ["mcp", "import", source]);
    expect(imported.stdout).toContain("· env.TOKEN: ${input:echo-token} → ${ECHO_TOKEN}");
    const unset = await runCli(sb, ["mcp", "list", "--json"]);
    expect(unset.json().servers[0]).toMatchObject({ name: "echo", status: "failed" });
    expect(unset.json().servers[0].error).toContain("ECHO_TOKEN");
    const set = await runCli(sb, ["mcp", "call", "mcp__echo__env", '{"name":"TOKEN"}', "--json", "--yes"], {
      env: { ECHO_TOKEN: "s3cret-value" },
    });
    expect(set.json().text).toBe("s3cret-value");
  });
});
