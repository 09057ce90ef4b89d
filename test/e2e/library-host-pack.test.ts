// The library package as a user gets it (§17, issue 31): `@codeagent/host` packed and installed alone with
// --omit=dev into an empty project — small (no CLI dependencies), runs the example, and gives its tools to the
// user's own AI SDK, v6 and v7 (ai@7 needs Node 22: on an older Node that test runs under `npx -y node@22`).
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer } from "../fixtures/model-server.js";
import { ROOT } from "../helpers/env.js";
import { freshProject, installedVersion, installSize, packOnce, type Packed } from "../helpers/pack.js";

const EXAMPLE = join(ROOT, "examples", "library");
const FIXTURE = join(ROOT, "test", "fixtures", "library");
const MAX_PACKAGES = 30;
const MAX_MB = 40;
let dir: string;
let packed: Packed;
let lib: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "codeagent-host-pack-"));
  packed = await packOnce("@codeagent/host");
  lib = freshProject(join(dir, "library-only"), [packed.tarball]);
  for (const f of ["list-and-call.mjs", "echo-server.mjs"]) copyFileSync(join(EXAMPLE, f), join(lib, f));
}, 300_000);

afterAll(() => {
  spawnSync("rm", ["-rf", dir]);
});

describe("@codeagent/host, packed and installed alone", () => {
  it("ships the library's build with its types, and no CLI, tests or sources", () => {
    expect(packed.files).toEqual(
      expect.arrayContaining(["package.json", "dist/core/index.js", "dist/core/index.d.ts"]),
    );
    expect(
      packed.files.filter((p) => /^dist\/cli\/|(^|\/)(test|src)\/|\.test\.|\.tsbuildinfo$|\.map$/.test(p)),
    ).toEqual([]);
  });

  it(`installs light: at most ${MAX_PACKAGES} packages and ${MAX_MB} MB, none of the CLI's`, () => {
    const { packages, bytes } = installSize(lib);
    const mb = bytes / 1e6;
    console.log(`@codeagent/host fresh install (--omit=dev): ${packages} packages, ${mb.toFixed(1)} MB`);
    const cliOnly = ["ink", "react", "marked", "gpt-tokenizer", "commander", "ai", "@ai-sdk/anthropic"];
    expect(cliOnly.filter((p) => existsSync(join(lib, "node_modules", p)))).toEqual([]);
    expect(packages).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(mb).toBeLessThanOrEqual(MAX_MB);
  });

  it("runs the library example with only its own dependencies", () => {
    const example = readFileSync(join(lib, "list-and-call.mjs"), "utf8");
    writeFileSync(
      join(lib, "list-and-call.mjs"),
      example.replace('from "codeagent"', 'from "@codeagent/host"'),
    );
    const r = spawnSync(process.execPath, ["list-and-call.mjs"], {
      cwd: lib,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: dir, CODEAGENT_HOME: join(dir, "home") },
      timeout: 60_000,
    });
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout.split("\n")).toEqual([
      "server echo: ready, 2 tools",
      "tool mcp__echo__add: Adds two numbers",
      "tool mcp__echo__echo: Returns the text it is given",
      "echo → hello from the library",
      "add → 42",
      "",
    ]);
  });

  it("loads from CommonJS too", () => {
    writeFileSync(
      join(lib, "cjs.cjs"),
      'const { createMcpHost, toAiSdkTools } = require("@codeagent/host");\n' +
        "console.log(typeof createMcpHost, typeof toAiSdkTools);\n",
    );
    const r = spawnSync(process.execPath, ["cjs.cjs"], { cwd: lib, encoding: "utf8", timeout: 60_000 });
    expect([r.status, r.stdout.trim(), r.stderr]).toEqual([0, "function function", ""]);
  });
});

// `ai` is an optional peer: the tools are typed against, and run inside, the version the user installed.
describe.each([
  ["6", installedVersion("ai")],
  ["7", installedVersion("ai-v7")],
])("with the user's AI SDK v%s", (major, version) => {
  let project: string;
  beforeAll(() => {
    const compatible = `@ai-sdk/openai-compatible@${installedVersion("@ai-sdk/openai-compatible")}`;
    project = freshProject(join(dir, `ai-v${major}`), [packed.tarball, `ai@${version}`, compatible]);
    copyFileSync(join(EXAMPLE, "echo-server.mjs"), join(project, "echo-server.mjs"));
    copyFileSync(join(FIXTURE, "ai-sdk-run.mjs"), join(project, "ai-sdk-run.mjs"));
    // Written here, not kept as a .ts file under test/: the repo's own typecheck would need the host built.
    writeFileSync(
      join(project, "ai-sdk-check.ts"),
      [
        'import { createMcpHost, toAiSdkTools } from "@codeagent/host";',
        'import { generateText, type ToolSet } from "ai";',
        'declare const model: Parameters<typeof generateText>[0]["model"];',
        "const host = await createMcpHost({ servers: {}, startupWaitMs: 0 });",
        'const tools: ToolSet = toAiSdkTools(host, { servers: ["echo"], timeoutMs: 1000 });',
        'const r = await generateText({ model, tools, prompt: "x" });',
        "export const text: string = r.text;",
      ].join("\n"),
    );
  }, 300_000);

  it("type-checks generateText({ tools: toAiSdkTools(host) }) against that ai's ToolSet", () => {
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const args = ["--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--target", "es2022"];
    const r = spawnSync(process.execPath, [tsc, ...args, "ai-sdk-check.ts"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("runs the host's tools in that ai's streamText against a scripted model", async () => {
    // ai@7 declares engines.node >= 22: on an older Node this runs under Node 22 fetched by npx, and says so.
    const nodeMajor = Number(process.versions.node.split(".")[0]);
    const needs22 = major === "7" && nodeMajor < 22;
    if (needs22)
      console.log(
        `ai@${version} needs Node >= 22; this is Node ${process.versions.node}: running it under npx -y node@22`,
      );
    const [cmd, ...pre] = needs22 ? ["npx", "-y", "node@22"] : [process.execPath];
    const model = await startModelServer([
      {
        toolCalls: [
          { name: "mcp__echo__echo", args: { text: `via ai v${major}` } },
          { name: "mcp__echo__add", args: { a: 40, b: 2 } },
        ],
      },
      { text: "done" },
    ]);
    try {
      // Not spawnSync: the scripted model answers from this process's event loop.
      const r = await run(cmd, [...pre, "ai-sdk-run.mjs"], project, {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        CODEAGENT_HOME: join(dir, "home"),
        MODEL_URL: model.url,
        npm_config_update_notifier: "false",
      });
      expect([r.status, r.stderr]).toEqual([0, ""]);
      expect(JSON.parse(r.stdout)).toEqual({
        ai: major,
        node: needs22 ? "22" : String(nodeMajor),
        text: "done",
        results: [
          { tool: "mcp__echo__echo", text: `via ai v${major}` },
          { tool: "mcp__echo__add", text: "42" },
        ],
      });
      expect(model.view(1).toolResults.map((t) => t.text)).toEqual([`via ai v${major}`, "42"]);
    } finally {
      await model.close();
    }
  });
});

function run(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, timeout: 120_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
