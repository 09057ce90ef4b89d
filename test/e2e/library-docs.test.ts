// docs/library.md runs (issue 31 item 1): every ```js block of it is run as a program in a fresh project that
// installed the packed @codeagent/host (with ai, @ai-sdk/openai and server-filesystem, which the docs use), so a
// doc that stops working fails here. A block that makes no host of its own gets the one the docs describe
// (server-filesystem on the project, as `fs`); one that opens a host and leaves it open is closed after it.
// The AI SDK example reaches a scripted model through OPENAI_BASE_URL.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { ROOT } from "../helpers/env.js";
import { freshProject, installedVersion, packOnce } from "../helpers/pack.js";

const DOC = join(ROOT, "docs", "library.md");

/** The ```js blocks of a Markdown text, with the line each starts on. */
export function jsBlocks(md: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  for (const m of md.matchAll(/^```(?:js|javascript|ts)\n([\s\S]*?)^```$/gm)) {
    out.push({ line: md.slice(0, m.index).split("\n").length, code: m[1]! });
  }
  return out;
}

/** A block as a program: the import and the host it takes for granted, and a close it leaves to the reader. */
function program(code: string): string {
  const imports = /from "@codeagent\/host"/.test(code)
    ? ""
    : 'import { createMcpHost, toAiSdkTools, CodeagentError } from "@codeagent/host";\n';
  const host = /\bconst host = await createMcpHost\(/.test(code)
    ? ""
    : 'import * as lib from "@codeagent/host";\n' +
      "const host = await lib.createMcpHost({ servers: { fs: { command: " +
      '"npx", args: ["-y", "@modelcontextprotocol/server-filesystem", process.cwd()] } }, startupWaitMs: 30_000 });\n';
  const close = /host\.close\(\)/.test(code) ? "" : "\nawait host.close();\n";
  return `${imports}${host}${code}${close}`;
}

const blocks = jsBlocks(readFileSync(DOC, "utf8"));
let dir: string;
let project: string;
let model: ModelServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "codeagent-docs-"));
  const { tarball } = await packOnce("@codeagent/host");
  const deps = ["ai", "@ai-sdk/openai", "@modelcontextprotocol/server-filesystem"];
  project = freshProject(join(dir, "docs-project"), [
    tarball,
    ...deps.map((d) => `${d}@${installedVersion(d)}`),
  ]);
  writeFileSync(join(project, "README.md"), "A project that uses MCP.\n");
  // The AI SDK example: the model lists the allowed directories, then answers.
  model = await startModelServer((req, i) =>
    i % 2 === 0
      ? { toolCalls: [{ name: "mcp__fs__list_allowed_directories", args: {} }] }
      : { text: "README.md" },
  );
}, 300_000);

afterAll(async () => {
  await model?.close();
  spawnSync("rm", ["-rf", dir]);
});

describe("docs/library.md", () => {
  it("has code to run", () => {
    expect(blocks.length).toBeGreaterThan(5);
  });

  it.each(blocks.map((b) => [b.line, b.code.split("\n")[0]!, b.code] as const))(
    "block at line %i (%s) runs",
    async (line, _, code) => {
      const file = join(project, `block-${line}.mjs`);
      writeFileSync(file, program(code));
      const r = await run(file, {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        CODEAGENT_HOME: join(dir, "home"),
        OPENAI_BASE_URL: `${model.url}/v1`,
        OPENAI_API_KEY: "test",
        npm_config_update_notifier: "false",
      });
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
    },
  );
});

function run(file: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: project, env, timeout: 120_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
