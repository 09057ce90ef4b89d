// Both protocol eras through the whole CLI (§14): a 2026-07-28-only server built with the SDK v2
// (`legacy: 'reject'`, test/fixtures/servers/modern.mjs) over stdio and Streamable HTTP, next to a
// 2025-era one (echo.mjs, SDK v1), with one config and no era setting.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

function modernHttp(): Promise<string> {
  const child = spawn(process.execPath, [fixture("modern.mjs"), "http"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}/mcp`);
    });
    child.on("exit", (code) => reject(new Error(`modern.mjs http exited ${code}: ${out}`)));
  });
}

function setup(servers: Record<string, unknown>) {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", { mcpServers: servers });
  const cli = (args: string[]) => runCli(sb, [...args, "--mcp-config", cfg]);
  return { sb, cli };
}

const EVERYTHING = join(
  import.meta.dirname,
  "../../node_modules/@modelcontextprotocol/server-everything/dist/index.js",
);

describe("both protocol eras with one config", () => {
  it("lists, describes and calls a modern-only stdio server and a 2025-era one side by side", async () => {
    const { sb, cli } = setup({
      modern: nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] }),
      old: nodeServer("echo.mjs"),
    });
    const list = await cli(["mcp", "list", "--json"]);
    expect(list.code).toBe(0);
    const rows = (list.json().servers as { name: string; status: string }[]).map((s) => [s.name, s.status]);
    expect(rows).toEqual([
      ["modern", "ready"],
      ["old", "ready"],
    ]);
    const modern = (await cli(["mcp", "get", "modern", "--json"])).json();
    const old = (await cli(["mcp", "get", "old", "--json"])).json();
    expect([modern.protocolVersion, old.protocolVersion]).toEqual(["2026-07-28", "2025-11-25"]);
    expect(modern.tools).toEqual([
      "mcp__modern__ask",
      "mcp__modern__echo",
      "mcp__modern__roots",
      "mcp__modern__visit",
    ]);
    const echo = await cli(["mcp", "call", "mcp__modern__echo", '{"text":"hi there"}', "--yes"]);
    expect([echo.code, echo.stdout.trim()]).toEqual([0, "hi there"]);
    // Roots asked for inside input_required; the project directory comes back as a file:// URI.
    const roots = await cli(["mcp", "call", "mcp__modern__roots", "{}", "--yes"]);
    expect(roots.stdout.trim()).toBe(JSON.stringify([pathToFileURL(sb.project).href]));
    // Headless, an elicitation is declined and the server is told.
    const ask = await cli(["mcp", "call", "mcp__modern__ask", "{}", "--yes"]);
    expect(ask.stdout.trim()).toBe("the user chose decline");
  });

  it("offers the --add-dir directories as roots next to the project, in both eras", async () => {
    const { sb, cli } = setup({
      modern: nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] }),
      ev: { command: process.execPath, args: [EVERYTHING, "stdio"] },
    });
    const extra = join(sb.dir, "extra");
    mkdirSync(extra);
    const want = [pathToFileURL(sb.project).href, pathToFileURL(extra).href];
    // 2026-07-28: asked for inside input_required.
    const modern = await cli(["mcp", "call", "mcp__modern__roots", "{}", "--yes", "--add-dir", "../extra"]);
    expect([modern.code, modern.stdout.trim()]).toEqual([0, JSON.stringify(want)]);
    // 2025: a roots/list request from the server during the call.
    const old = await cli(["mcp", "call", "mcp__ev__get-roots-list", "{}", "--yes", "--add-dir", extra]);
    expect(old.code).toBe(0);
    const uris = [...old.stdout.matchAll(/file:\/\/\S+?(?=[\s)"`,]|$)/gm)].map((m) => m[0]);
    expect(uris).toEqual(want);
  });

  it("reaches a modern-only Streamable HTTP server (legacy: 'reject')", async () => {
    const url = await modernHttp();
    const { cli } = setup({ m: { url } });
    const get = (await cli(["mcp", "get", "m", "--json"])).json();
    expect([get.status, get.protocolVersion]).toEqual(["ready", "2026-07-28"]);
    const echo = await cli(["mcp", "call", "mcp__m__echo", '{"text":"over http"}', "--yes"]);
    expect([echo.code, echo.stdout.trim()]).toEqual([0, "over http"]);
  });
});
