// One tool count everywhere (issue 24.5): `mcp list`, `mcp get` and `mcp tools` count a server's tools the same
// way — its own tools the model can use, the resource/prompt tools apart — and say what they count.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox } from "../helpers/env.js";

describe("the tool count", () => {
  it("is the same number in mcp list, mcp get and mcp tools, and each says what it counts", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("cfg.json", { mcpServers: { echo: nodeServer("echo.mjs") } });
    const list = await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--json"]);
    const listText = await runCli(sb, ["mcp", "list", "--mcp-config", cfg]);
    const get = await runCli(sb, ["mcp", "get", "echo", "--mcp-config", cfg, "--json"]);
    const getText = await runCli(sb, ["mcp", "get", "echo", "--mcp-config", cfg]);
    const tools = await runCli(sb, ["mcp", "tools", "--mcp-config", cfg, "--json"]);
    const toolsText = await runCli(sb, ["mcp", "tools", "--mcp-config", cfg]);

    const n = list.json().servers[0].tools as number;
    const rows = tools.json().tools as { kind: string }[];
    const virtual = rows.filter((t) => t.kind !== "tool").length;
    expect(n).toBe(7);
    expect(rows.filter((t) => t.kind === "tool")).toHaveLength(n);
    expect(get.json().toolCounts).toEqual({ tools: n, resourcePromptTools: virtual });
    expect(get.json().tools).toHaveLength(n + virtual);
    const words = `${n} tools + ${virtual} resource/prompt tools`;
    expect(getText.stdout).toContain(`tools (${words}):`);
    expect(toolsText.stdout).toContain(`${words} (tools: the server's own tools the model can use now`);
    expect(listText.stdout).toContain("(tools: the server's own tools the model can use now");
  });
});
