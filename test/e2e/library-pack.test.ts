// The package as a user gets it (§17): `npm pack`, install the tarball into an empty project, run the example
// from examples/library there, and type-check `import { createMcpHost } from "codeagent"` against dist's types.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/env.js";

const EXAMPLE = join(ROOT, "examples", "library");
let dir: string;
let project: string;
let packed: { filename: string; files: { path: string }[] };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "codeagent-pack-"));
  project = join(dir, "fresh-project");
  mkdirSync(project);
  // dist/ is built by the global setup; the tarball must not need a build of its own.
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
    cwd: ROOT,
    encoding: "utf8",
  });
  packed = (JSON.parse(out) as (typeof packed)[])[0]!;
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "fresh", private: true, type: "module" }),
  );
  execFileSync(
    "npm",
    [
      "install",
      join(dir, packed.filename),
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
    ],
    { cwd: project, encoding: "utf8" },
  );
  for (const f of ["list-and-call.mjs", "echo-server.mjs"]) copyFileSync(join(EXAMPLE, f), join(project, f));
}, 300_000);

afterAll(() => {
  spawnSync("rm", ["-rf", dir]);
});

describe("the packed package", () => {
  it("ships the built library with its types, and no tests or sources", () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(["dist/core/index.js", "dist/core/index.d.ts", "bin/codeagent.js"]),
    );
    expect(paths.filter((p) => /(^|\/)(test|src)\/|\.test\.|\.tsbuildinfo$/.test(p))).toEqual([]);
  });

  it("runs the library example in a fresh project", () => {
    const r = spawnSync(process.execPath, ["list-and-call.mjs"], {
      cwd: project,
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

  // require(esm): Node 20.19+, 22.12+ and 24 load the ES module for a CommonJS caller; the package must say
  // so with a require/default condition, or require() fails with ERR_PACKAGE_PATH_NOT_EXPORTED.
  it.each([
    ["this Node", [process.execPath]],
    ["Node 24", ["npx", "-y", "node@24"]],
  ])("require('codeagent') works from CommonJS on %s", (_, [cmd, ...pre]) => {
    writeFileSync(
      join(project, "cjs.cjs"),
      'const { createMcpHost, toAiSdkTools } = require("codeagent");\n' +
        "console.log(typeof createMcpHost, typeof toAiSdkTools);\n",
    );
    const r = spawnSync(cmd!, [...pre, "cjs.cjs"], { cwd: project, encoding: "utf8", timeout: 120_000 });
    expect([r.status, r.stdout.trim()]).toEqual([0, "function function"]);
  });

  it("type-checks an import of the package against the shipped declarations", () => {
    writeFileSync(
      join(project, "check.ts"),
      [
        'import { createMcpHost, toAiSdkTools, type McpHost, type CallToolResult } from "codeagent";',
        "const host: McpHost = await createMcpHost({ servers: {}, startupWaitMs: 0 });",
        'const r: CallToolResult = await host.callTool("mcp__x__y", { a: 1 }, { timeoutMs: 10 });',
        "const names: string[] = Object.keys(toAiSdkTools(host)).concat(r.text);",
        'const off: () => void = host.on("state", (s) => void s.status.toUpperCase());',
        "// @ts-expect-error the arguments are an object, not a number",
        'await host.callTool("mcp__x__y", 42);',
        "off();",
        "await host.close();",
        "export { names };",
      ].join("\n"),
    );
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const args = ["--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--target", "es2022"];
    const r = spawnSync(process.execPath, [tsc, ...args, "check.ts"], { cwd: project, encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
