// Roots never take away the directories a user configured (§9, issue 32.1): server-filesystem and server-pdf
// replace the directories of their command line with the client's roots, so codeagent offers the session's
// directories *and* the existing directories named in the server's args; `"roots": false` offers none, and
// `"roots": [dirs]` exactly those. Run against the real packages, waiting for the line each prints once it
// has applied (or declined) the roots, so no call races the roots exchange.
import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMcpHost, type McpHost } from "../../src/core/index.js";
import { ROOT, sandbox } from "../helpers/env.js";

const FILESYSTEM = join(ROOT, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
const PDF = join(ROOT, "node_modules/@modelcontextprotocol/server-pdf/dist/index.js");

const hosts: McpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function start(entry: Record<string, unknown>) {
  const sb = sandbox();
  const docs = join(sb.dir, "docs");
  mkdirSync(docs);
  const args = (entry.args as string[]).map((a) => (a === "DOCS" ? docs : a));
  const h = await createMcpHost({
    cwd: sb.project,
    env: sb.env,
    servers: { s: { ...entry, args } },
    startupWaitMs: 30_000,
  });
  hosts.push(h);
  expect(h.servers()[0]?.status).toBe("ready");
  return { h, docs: realpathSync(docs), project: realpathSync(sb.project), dir: sb.dir };
}

/** Waits (bounded by the test timeout) for the server's stderr to show one of the lines. */
async function stderrLine(h: McpHost, ...texts: string[]): Promise<string> {
  for (;;) {
    const hit = h.manager
      .log("s")
      .lines()
      .find((l) => texts.some((t) => l.text.includes(t)));
    if (hit !== undefined) return hit.text;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function allowed(h: McpHost, tool: string): Promise<string[]> {
  const r = await h.callTool(tool, {});
  if (tool.endsWith("list_pdfs"))
    return (r.structuredContent as { allowedDirectories: string[] }).allowedDirectories.sort();
  return r.text
    .split("\n")
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .sort();
}

describe("roots and the directories in a server's args (real packages)", () => {
  it("server-filesystem keeps the configured folder next to the project", async () => {
    const { h, docs, project } = await start({ command: process.execPath, args: [FILESYSTEM, "DOCS"] });
    await stderrLine(h, "Updated allowed directories from MCP roots");
    expect(await allowed(h, "mcp__s__list_allowed_directories")).toEqual([docs, project].sort());
  });

  it("server-pdf keeps the configured folder next to the project", async () => {
    const { h, docs, project } = await start({ command: process.execPath, args: [PDF, "--stdio", "DOCS"] });
    await stderrLine(h, `Root directory allowed: ${project}`);
    expect(await allowed(h, "mcp__s__list_pdfs")).toEqual([docs, project].sort());
  });

  it('"roots": false declares none, so the server keeps exactly its args', async () => {
    const { h, docs } = await start({ command: process.execPath, args: [FILESYSTEM, "DOCS"], roots: false });
    await stderrLine(h, "Client does not support MCP Roots");
    expect(await allowed(h, "mcp__s__list_allowed_directories")).toEqual([docs]);
  });

  it('"roots": [dirs] offers exactly those directories', async () => {
    const sb = sandbox();
    const other = join(sb.dir, "other");
    mkdirSync(other);
    const { h } = await start({ command: process.execPath, args: [FILESYSTEM, "DOCS"], roots: [other] });
    await stderrLine(h, "Updated allowed directories from MCP roots");
    expect(await allowed(h, "mcp__s__list_allowed_directories")).toEqual([realpathSync(other)]);
  });
});
