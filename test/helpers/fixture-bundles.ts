// The fixture servers, each bundled into one file with the SDK code it imports (rolldown; shared code goes in
// chunks), built once by the global setup and kept while their sources and the lockfile stay the same.
//
// Why: a fixture started from its source loads ~200 modules of the SDK, zod and ajv one by one, ~0.45 CPU-s a
// start on Node 20; bundled it starts in ~0.2 CPU-s. The suite starts several hundred fixture servers on two
// cores, so that is a large part of its time. The bundle runs the same SDK code at the same versions, and the
// directory holds every other file of test/fixtures/servers too, so a fixture that reads a file beside it
// (hostile.mjs) finds it.
//
// `fixture()` (env.ts) answers the bundle when it exists; CODEAGENT_TEST_FIXTURES=source runs the sources
// (stack traces then point at the fixture's own lines). A failed bundle is reported and the sources are used.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";

/** The variable naming the bundle directory for the test workers (set by the global setup). */
export const BUNDLES_ENV = "CODEAGENT_TEST_FIXTURE_BUNDLES";
const BUNDLER_OPTIONS_VERSION = "1";
const STALE_MS = 24 * 3600_000;

/** A key for the fixtures' sources, the installed packages and the bundler: a new key means a new bundle. */
export function bundleKey(root: string, serversDir: string): string {
  const hash = createHash("sha256");
  hash.update(`${BUNDLER_OPTIONS_VERSION}\n`);
  for (const file of ["package-lock.json", "node_modules/rolldown/package.json"]) {
    const path = join(root, file);
    hash.update(`${file}\n${existsSync(path) ? readFileSync(path) : "missing"}\n`);
  }
  for (const name of readdirSync(serversDir).sort())
    hash.update(`${name}\n`).update(readFileSync(join(serversDir, name)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Bundles every `*.mjs` of `serversDir` into `<cacheDir>/<key>/` (other files copied beside them) unless that
 * directory is already there, and returns it. Written to a temporary directory first and renamed, so a run
 * that starts meanwhile sees a whole bundle or none.
 */
export async function bundleFixtures(root: string, serversDir: string, cacheDir: string): Promise<string> {
  const out = join(cacheDir, bundleKey(root, serversDir));
  if (existsSync(out)) return out;
  const tmp = `${out}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const names = readdirSync(serversDir);
  const input = Object.fromEntries(
    names.filter((n) => n.endsWith(".mjs")).map((n) => [n.slice(0, -".mjs".length), join(serversDir, n)]),
  );
  const { build } = await import("rolldown");
  await build({
    cwd: root,
    input,
    platform: "node",
    logLevel: "warn",
    output: {
      dir: tmp,
      format: "esm",
      entryFileNames: "[name].mjs",
      chunkFileNames: "chunks/[name]-[hash].mjs",
    },
  });
  for (const n of names) if (!n.endsWith(".mjs")) copyFileSync(join(serversDir, n), join(tmp, n));
  pruneStale(cacheDir);
  try {
    renameSync(tmp, out);
  } catch (e) {
    // Another run renamed its bundle there first: the same key, the same bundle.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(out)) throw e;
  }
  return out;
}

/** Removes bundles of other keys not touched for a day (a run still using one is long over by then). */
function pruneStale(cacheDir: string): void {
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}
