// Server text never drives the terminal (STYLE.md: untrusted text has one home): every one-shot command's
// human output and --json document is free of escape sequences, C0/C1 controls and bidi overrides, whether
// the text came from server info, instructions, lists, stderr or errors.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox } from "../helpers/env.js";

// What a terminal would interpret: ESC and other C0 (but \t \n), DEL, C1, bidi embeddings/overrides/isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function setup(servers: Record<string, unknown>) {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: servers });
  return (args: string[]) => runCli(sb, [...args, "--mcp-config", cfg]);
}

describe("server text in CLI output", () => {
  it("mcp get, tools, resources and prompts print the server's strings cleaned", async () => {
    const cli = setup({ h: nodeServer("hostile-text.mjs") });
    for (const args of [
      ["mcp", "get", "h"],
      ["mcp", "tools", "h"],
      ["mcp", "resources", "h"],
      ["mcp", "prompts", "h"],
      ["mcp", "logs", "h"],
    ]) {
      const r = await cli(args);
      expect([args.join(" "), r.code]).toEqual([args.join(" "), 0]);
      expect(
        UNSAFE.test(r.stdout + r.stderr),
        `${args.join(" ")}: ${JSON.stringify(r.stdout + r.stderr)}`,
      ).toBe(false);
    }
    const get = await cli(["mcp", "get", "h"]);
    expect(get.stdout).toContain("server:    evilserver 1.0");
    expect(get.stdout).toContain("instructions: Use the tools wisely.");
  });

  it("--json keeps the values but escapes what JSON.stringify leaves raw", async () => {
    const cli = setup({ h: nodeServer("hostile-text.mjs") });
    const r = await cli(["mcp", "get", "h", "--json"]);
    expect(UNSAFE.test(r.stdout)).toBe(false);
    const doc = r.json();
    expect([doc.serverInfo.name, doc.instructions]).toEqual(["evilserver", "Use the tools\nwisely."]);
    const tools = await cli(["mcp", "tools", "h", "--json"]);
    expect(UNSAFE.test(tools.stdout)).toBe(false);
    expect(tools.stdout).toContain("rtl\\u202ename");
    expect((tools.json().tools as { tool: string }[]).map((t) => t.tool)).toContain("rtl\u202ename");
    const res = await cli(["mcp", "resources", "h", "--json"]);
    expect(UNSAFE.test(res.stdout)).toBe(false);
    expect(res.json().resources).toEqual([
      { server: "h", uri: "hostile://doc", name: "docname", mimeType: "text/plain", description: null },
    ]);
  });

  it("a failed start's stderr tail and a tool's error are cleaned, bidi overrides included", async () => {
    const cli = setup({
      dead: nodeServer("hostile-text.mjs", { HOSTILE_EXIT: "1" }),
      h: nodeServer("hostile-text.mjs"),
    });
    const list = await cli(["mcp", "list", "--json"]);
    const dead = (list.json().servers as { name: string; error: string }[]).find((s) => s.name === "dead")!;
    expect(dead.error).toContain("FATAL: key missing");
    expect(UNSAFE.test(dead.error)).toBe(false);
    const human = await cli(["mcp", "list"]);
    expect(UNSAFE.test(human.stdout + human.stderr)).toBe(false);
    const call = await cli(["mcp", "call", "mcp__h__plain", "{}", "--yes", "--json"]);
    expect(UNSAFE.test(call.stdout)).toBe(false);
    expect(JSON.stringify(call.json())).toContain("broken tool");
  });
});
