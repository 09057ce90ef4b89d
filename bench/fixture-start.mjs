// `node bench/fixture-start.mjs [--reps N] [name.mjs …]`: what one start of a fixture server costs, run from its
// source and from the one-file bundle the test setup makes (test/helpers/fixture-bundles.ts), interleaved.
// Each start is a fresh `node` that serves until its stdin closes (closed at once here); it reports its own CPU
// time (user + system, process.cpuUsage at exit) and the wall time from spawn to exit is taken here.
// Needs the bundle: run any test first (`npx vitest run test/integration/fixture-bundles.test.ts`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = join(ROOT, "test", "fixtures", "servers");
const CACHE = join(ROOT, "node_modules", ".cache", "codeagent-fixtures");
const REPORT =
  "data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write(`\\ncpu-us ${u.user+u.system}\\n`)})";

const argv = process.argv.slice(2);
const repsAt = argv.indexOf("--reps");
const reps = repsAt === -1 ? 10 : Number(argv[repsAt + 1]);
const names = argv.filter((a, i) => a.endsWith(".mjs") && i !== repsAt + 1);
if (names.length === 0) names.push("echo.mjs", "hostile.mjs", "many-tools.mjs");

const bundles = existsSync(CACHE)
  ? readdirSync(CACHE)
      .filter((d) => !d.endsWith(".tmp"))
      .map((d) => join(CACHE, d))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
  : undefined;
if (bundles === undefined) {
  process.stderr.write(
    `fixture-start: no bundle in ${CACHE}; run a test first (npx vitest run test/integration/fixture-bundles.test.ts)\n`,
  );
  process.exit(2);
}

function start(file) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ["--import", REPORT, file], { input: "", encoding: "utf8" });
  const wallMs = performance.now() - t;
  const m = /cpu-us (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`${file} did not start and stop cleanly:\n${r.stderr}`);
  return { cpuMs: Number(m[1]) / 1000, wallMs };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`fixture start, median of ${reps} (Node ${process.versions.node}; bundle ${bundles})`);
console.log("| fixture | source CPU ms | bundle CPU ms | source wall ms | bundle wall ms |");
console.log("| --- | --: | --: | --: | --: |");
for (const name of names) {
  const runs = { source: [], bundle: [] };
  for (let i = 0; i < reps; i++) {
    // Interleaved, the order alternating, so a change of load hits both alike.
    const order = i % 2 === 0 ? ["source", "bundle"] : ["bundle", "source"];
    for (const kind of order) runs[kind].push(start(join(kind === "source" ? SOURCES : bundles, name)));
  }
  const cell = (kind, key) => median(runs[kind].map((r) => r[key])).toFixed(0);
  console.log(
    `| ${name} | ${cell("source", "cpuMs")} | ${cell("bundle", "cpuMs")} | ${cell("source", "wallMs")} | ${cell("bundle", "wallMs")} |`,
  );
}
