// What listing could not do is shown, not dropped (§5): `mcp get` in text and JSON, and the server log.
import { describe, expect, it } from "vitest";
import { nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

const NOTES = [
  'tools/list: server repeated cursor "again"',
  "server error during resources/list: resource index unavailable",
  "prompts/list: 1 entry skipped: #1 (malformed entry)",
];

describe("list notes", () => {
  it("mcp get --json and the text output show each note; the server still starts", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", { mcpServers: { notes: nodeServer("list-notes.mjs") } });
    const json = await runCli(sb, ["mcp", "get", "notes", "--mcp-config", cfg, "--json"]);
    expect(json.code).toBe(0);
    const doc = json.json();
    expect(doc.status).toBe("ready");
    expect(doc.tools).toEqual([
      "mcp__notes__get_prompt",
      "mcp__notes__list_prompts",
      "mcp__notes__list_resources",
      "mcp__notes__ping",
      "mcp__notes__read_resource",
    ]);
    expect(doc.notes).toEqual(NOTES);

    const text = await runCli(sb, ["mcp", "get", "notes", "--mcp-config", cfg]);
    expect(text.code).toBe(0);
    const at = text.stdout.indexOf("  listing notes (3):");
    expect(at).toBeGreaterThan(-1);
    expect(text.stdout.slice(at).trimEnd().split("\n")).toEqual([
      "  listing notes (3):",
      ...NOTES.map((n) => `    ${n}`),
    ]);
    expect(text.stdout).not.toContain("\x1b");

    const logs = await runCli(sb, ["mcp", "logs", "notes", "--json"]);
    expect(logs.code).toBe(0);
    const lines = (logs.json().lines as { text: string }[]).map((l) => l.text);
    for (const n of NOTES) expect(lines).toContain(n);
  });
});
