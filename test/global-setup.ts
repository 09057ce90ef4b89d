// Builds dist/ once before the suite so the end-to-end tests run the same CLI a user runs.
// A type error elsewhere must not hide every test result, so a failed build is reported, not thrown.
// The build is skipped when dist/ was built after the last change to src/ (a stamp file records that), so
// running one test file does not pay for a whole build each time.
// Every temporary directory the tests (and the CLIs and servers they spawn) make goes under one directory for
// the run, removed at the end: TMPDIR points there, so a test that forgets to clean up leaves nothing behind.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export default function setup(): () => void {
  const runTmp = mkdtempSync(join(tmpdir(), "codeagent-tests-"));
  process.env.TMPDIR = runTmp;
  // Node 22 keeps the code it compiled for the modules it loads here, so the CLIs the suite runs (and the test
  // workers) skip compiling them again. Node 20 ignores the variable. The sandboxed CLIs get it from
  // test/helpers/env.ts.
  process.env.NODE_COMPILE_CACHE ??= join(runTmp, "node-compile-cache");
  build();
  return () => rmSync(runTmp, { recursive: true, force: true });
}

function build(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const stamp = join(root, "dist", ".build-stamp");
  const inputs = ["src", "tsconfig.build.json", "tsconfig.json", "package.json", "scripts/build-cli.mjs"].map(
    (p) => join(root, p),
  );
  if (existsSync(stamp) && statSync(stamp).mtimeMs > Math.max(...inputs.map(newestMtime))) return;
  // tsc's dist/, then the bundle of the CLI that bin/codeagent.js runs (`npm run build` does the same two).
  // Both run even if tsc reports a type error (it still writes dist/), so the CLI the tests run is current.
  let failed = false;
  for (const args of [
    ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"],
    ["scripts/build-cli.mjs"],
  ]) {
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
    if (r.status === 0) continue;
    failed = true;
    process.stderr.write(`global-setup: build reported errors:\n${r.stdout}${r.stderr}\n`);
  }
  if (!failed) writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
