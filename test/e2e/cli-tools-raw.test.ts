// `mcp tools --raw` shows what the server sent (SPEC §6, issue 32.7): the whole description, where the model's
// copy (and `mcp tools` without --raw) is cut at 1 000 characters.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { fixture, sandbox } from "../helpers/env.js";

describe("mcp tools --raw", () => {
  it("keeps a description longer than 1 000 characters whole", async () => {
    const sb = sandbox();
    const long = `Runs a query. ${"Mind the rows. ".repeat(120)}End.`;
    const defs = sb.writeJson("defs.json", {
      tools: [{ name: "query", description: long, inputSchema: { type: "object" } }],
    });
    const cfg = sb.writeJson("cfg.json", {
      mcpServers: { db: { command: process.execPath, args: [fixture("file-defined.mjs"), defs] } },
    });
    const raw = await runCli(sb, ["mcp", "tools", "db", "--raw", "--mcp-config", cfg, "--json"]);
    const cut = await runCli(sb, ["mcp", "tools", "db", "--mcp-config", cfg, "--json"]);
    expect(raw.json().tools[0].description).toBe(long);
    expect(cut.json().tools[0].description).toHaveLength(1000);
  });
});
