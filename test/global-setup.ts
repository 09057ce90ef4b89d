// Builds dist/ once before the suite so the end-to-end tests run the same CLI a user runs.
// A type error elsewhere must not hide every test result, so a failed build is reported, not thrown.
// The build is skipped when dist/ was built after the last change to src/ (a stamp file records that), so
// running one test file does not pay for a whole build each time.
// Every temporary directory the tests (and the CLIs and servers they spawn) make goes under one directory for
// the run, removed at the end: TMPDIR points there, so a test that forgets to clean up leaves nothing behind.
// The fixture servers are bundled once (test/helpers/fixture-bundles.ts), so each of the several hundred
// fixture starts of a run loads one file instead of ~200 modules.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLES_ENV, bundleFixtures } from "./helpers/fixture-bundles.js";

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export default async function setup(): Promise<() => void> {
  const runTmp = mkdtempSync(join(tmpdir(), "codeagent-tests-"));
  process.env.TMPDIR = runTmp;
  // Node 22 keeps the code it compiled for the modules it loads here, so the CLIs the suite runs (and the test
  // workers) skip compiling them again. Node 20 ignores the variable. The sandboxed CLIs get it from
  // test/helpers/env.ts.
  process.env.NODE_COMPILE_CACHE ??= join(runTmp, "node-compile-cache");
  build();
  await bundle();
  return () => rmSync(runTmp, { recursive: true, force: true });
}

const root = fileURLToPath(new URL("..", import.meta.url));

async function bundle(): Promise<void> {
  if (process.env.CODEAGENT_TEST_FIXTURES === "source") return;
  const servers = join(root, "test", "fixtures", "servers");
  try {
    const dir = await bundleFixtures(
      root,
      servers,
      join(root, "node_modules", ".cache", "codeagent-fixtures"),
    );
    process.env[BUNDLES_ENV] = dir;
  } catch (e) {
    process.stderr.write(
      `global-setup: bundling the fixture servers failed, the tests run their sources:\n${String(e)}\n`,
    );
  }
}

function build(): void {
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
