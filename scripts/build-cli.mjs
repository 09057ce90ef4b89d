// Bundles the CLI (src/cli/main.ts) with esbuild into dist/cli-bundle/, which bin/codeagent.js runs: a few
// files on a start instead of ~170 modules to resolve and compile (zod alone is 97). tsc's dist/ — the library,
// packages/host — is untouched; only the command line runs from here.
// - Splitting: every dynamic import() stays a chunk of its own, so the rarely used paths (terminal UI, agent,
//   gateway, code mode, OAuth) stay out of a start, as they do in dist/.
// - The packages are compiled in (measured: 5–10 % less CPU for `mcp list` than importing them from
//   node_modules), but for those below, which stay imports: they load files beside themselves or are large and
//   only ever loaded lazily.
// - Every chunk sits in the one folder, two levels below the repository like every file of dist/, so
//   `new URL("../../package.json", import.meta.url)` and createRequire(import.meta.url) resolve as from dist/.
// - meta.json maps each chunk to the sources in it (test/e2e/cli-module-load.test.ts reads it); the source maps
//   are linked files, not loaded at start (node --enable-source-maps uses them).
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const BUNDLE_DIR = join("dist", "cli-bundle");

const EXTERNAL = [
  // the terminal UI: ink finds react-devtools-core only when asked for it; react must be the one ink loads
  "ink",
  "react",
  "react/*",
  "react-devtools-core",
  // code mode: the engine resolves the wasm file of its variant package (src/core/code-mode/engine.ts)
  "quickjs-emscripten-core",
  "@jitl/*",
  // images: large, read only when a tool returns an image
  "jimp",
];

// CommonJS code compiled into an ES module calls require() for Node's own modules; give it the real one.
const REQUIRE_SHIM =
  'import { createRequire as __cjsRequire } from "node:module"; const require = __cjsRequire(import.meta.url);';

export async function buildCli(root = fileURLToPath(new URL("..", import.meta.url))) {
  // Written beside the old bundle and swapped in at the end, so a CLI started meanwhile finds a whole bundle.
  const outdir = join(root, `${BUNDLE_DIR}.next`);
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "src/cli/main.ts" },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    // Names as written: bundling renames a class that collides with another (CommanderError2), and commander
    // and the SDK name their errors after their class (`this.name = new.target.name`).
    keepNames: true,
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
  });
  // The metafile names the chunks as they will be once swapped in.
  const meta = JSON.stringify(result.metafile).replaceAll(`"${BUNDLE_DIR}.next/`, `"${BUNDLE_DIR}/`);
  writeFileSync(join(outdir, "meta.json"), meta);
  rmSync(join(root, BUNDLE_DIR), { recursive: true, force: true });
  renameSync(outdir, join(root, BUNDLE_DIR));
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
