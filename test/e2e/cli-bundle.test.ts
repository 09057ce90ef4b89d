// The CLI runs from its esbuild bundle (scripts/build-cli.mjs, written by `npm run build`): without one,
// bin/codeagent.js says how to make it; a module missing for another reason is reported as Node reports it; the
// bundle's source maps lead back to the files of src/ (for `node --enable-source-maps`).
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/env.js";

const BUNDLE = join(ROOT, "dist", "cli-bundle");

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A copy of bin/codeagent.js and package.json in a folder of its own, with `files` written beside them. */
function checkout(files: Record<string, string> = {}): string {
  dir = mkdtempSync(join(tmpdir(), "codeagent-unbuilt-"));
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin", "codeagent.js"), join(dir, "bin", "codeagent.js"));
  copyFileSync(join(ROOT, "package.json"), join(dir, "package.json"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function run(root: string) {
  const r = spawnSync(process.execPath, [join(root, "bin", "codeagent.js"), "mcp", "list"], {
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the CLI's bundle", () => {
  it("when it was never built, the CLI says to run npm run build", () => {
    expect(run(checkout())).toEqual({
      code: 1,
      stdout: "",
      stderr: "codeagent: the CLI is not built (dist/cli-bundle/main.js is missing): run `npm run build`\n",
    });
  });

  it("a package the bundle imports and cannot find is reported as Node reports it", () => {
    const root = checkout({ "dist/cli-bundle/main.js": 'import "codeagent-no-such-package";\n' });
    const r = run(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot find package 'codeagent-no-such-package'");
    expect(r.stderr).not.toContain("npm run build");
  });

  it("links a source map to each chunk, naming files of src/ that exist", () => {
    const main = readFileSync(join(BUNDLE, "main.js"), "utf8");
    expect(main.trimEnd().split("\n").at(-1)).toBe("//# sourceMappingURL=main.js.map");
    const map = JSON.parse(readFileSync(join(BUNDLE, "main.js.map"), "utf8")) as { sources: string[] };
    const ours = map.sources.filter((s) => s.startsWith("../../src/"));
    expect(ours).toContain("../../src/cli/main.ts");
    expect(ours.filter((s) => !existsSync(resolve(BUNDLE, s)))).toEqual([]);
  });
});
