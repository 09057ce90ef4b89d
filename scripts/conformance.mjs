#!/usr/bin/env node
// `npm run conformance`: the client scenarios of @modelcontextprotocol/conformance (pinned in devDependencies)
// against `codeagent conformance-client` (the built CLI in dist/; nothing is built here). It runs every client
// scenario of the requirement sets 2025-11-25 and 2026-07-28 as the suite lists them
// (`conformance list --client --requirements …`); a scenario both sets require runs once at each set's wire
// version, as the suite's own `--requirements` scoring does, and the four client scenarios of the skills
// extension (SEP-2640, set "sep-2640"), which codeagent implements. Then the other extension and added-after-release
// client scenarios, which are reported but not counted. Two scenarios run at a time; sse-retry, whose timing
// check is at the mercy of the machine's load, runs alone. The suite needs Node 22 (fetched once with
// `npx -y node@22`); our client runs on this Node.
//
// scripts/conformance-baseline.json lists the scored runs known to fail ("SET SCENARIO"); the exit code is 0
// when exactly those fail, 1 when another one fails or a listed one passes (so the list only shrinks).
// Usage: node scripts/conformance.mjs [--verbose] [--jobs N] [SCENARIO…]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SUITE = "node_modules/@modelcontextprotocol/conformance/dist/index.js";
const SETS = ["2025-11-25", "2026-07-28"];
/** The scored set of the skills extension's client scenarios, run at the suite's default wire version. */
const SKILLS_SET = "sep-2640";
const ALONE = new Set(["sse-retry"]);
const SCENARIO_TIMEOUT_MS = 90_000;
const BASELINE = JSON.parse(readFileSync(`${ROOT}/scripts/conformance-baseline.json`, "utf8")).failing;

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const jobsAt = args.indexOf("--jobs");
const jobs = jobsAt >= 0 ? Math.max(1, Number(args[jobsAt + 1]) || 1) : 2;
const picked = args.filter((a, i) => !a.startsWith("--") && !(jobsAt >= 0 && i === jobsAt + 1));
if (!existsSync(`${ROOT}/dist/cli/main.js`)) {
  console.error("conformance: dist/ is missing; run `npm run build` first");
  process.exit(2);
}

/** The Node 22 binary, resolved once, so each scenario does not pay for `npx`. */
function node22() {
  const r = spawnSync("npx", ["-y", "node@22", "-p", "process.execPath"], { cwd: ROOT, encoding: "utf8" });
  const path = r.stdout?.trim().split("\n").pop();
  if (r.status !== 0 || !path || !existsSync(path)) {
    console.error(`conformance: could not get Node 22 with npx -y node@22:\n${r.stderr}`);
    process.exit(2);
  }
  return path;
}

/** The client scenarios a requirement set scores, and those it runs but does not score. */
function requirementSet(node, set) {
  const r = spawnSync(node, [SUITE, "list", "--client", "--requirements", set], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (r.status !== 0) {
    console.error(`conformance: could not list requirement set ${set}:\n${r.stderr}`);
    process.exit(2);
  }
  const scored = [];
  const unscored = [];
  let section = "";
  for (const line of r.stdout.split("\n")) {
    if (/^Client scenarios/.test(line)) section = "client";
    else if (/^Server scenarios/.test(line)) section = "server";
    else if (/^Run and reported, but never scored/.test(line)) section = "unscored";
    else if (/^\s*pending/.test(line)) section = "pending";
    const item = /^\s+- (\S+)(?: \[(\w+)\])?/.exec(line);
    if (!item) continue;
    if (section === "client") scored.push(item[1]);
    else if (section === "unscored" && item[2] === "client") unscored.push(item[1]);
  }
  if (scored.length === 0) {
    console.error(`conformance: requirement set ${set} lists no client scenarios:\n${r.stdout}`);
    process.exit(2);
  }
  return { scored, unscored };
}

/** Client scenarios tagged [extension] that no requirement set mentions (e.g. SEP-2640's). */
function taggedExtensions(node) {
  const r = spawnSync(node, [SUITE, "list", "--client"], { cwd: ROOT, encoding: "utf8" });
  return [...r.stdout.matchAll(/^\s+- (\S+) \[extension\]/gm)].map((m) => m[1]);
}

function run(node, { scenario, set }) {
  const client = `${process.execPath} bin/codeagent.js conformance-client`;
  const wire = set === "extension" || set === SKILLS_SET ? [] : ["--spec-version", set];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, [SUITE, "client", "--command", client, "--scenario", scenario, ...wire], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), SCENARIO_TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      const checks = /Passed:\s*(\d+\/\d+)[^\n]*/.exec(out)?.[0] ?? "no summary";
      const ok = code === 0 && /OVERALL: PASSED/.test(out);
      resolve({ scenario, set, ok, seconds: (Date.now() - started) / 1000, checks, out });
    });
  });
}

/** Runs the jobs `jobs` at a time, the ALONE ones afterwards on their own; prints as each ends. */
async function runAll(node, list) {
  const results = [];
  const report = (r) => {
    results.push(r);
    const tag = `${r.set} ${r.scenario}`;
    console.log(
      `${r.ok ? "PASS" : "FAIL"}  ${tag.padEnd(56)} ${r.seconds.toFixed(1).padStart(5)} s  ${r.checks}`,
    );
    if ((!r.ok && !BASELINE.includes(tag)) || verbose) console.log(r.out.replace(/^/gm, "      | "));
  };
  const queue = list.filter((j) => !ALONE.has(j.scenario));
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let j = queue.shift(); j; j = queue.shift()) report(await run(node, j));
    }),
  );
  for (const j of list.filter((j) => ALONE.has(j.scenario))) report(await run(node, j));
  return results;
}

const node = node22();
const sets = SETS.map((set) => ({ set, ...requirementSet(node, set) }));
const allExtensions = [...new Set([...sets.flatMap((s) => s.unscored), ...taggedExtensions(node)])];
// The skills extension's client scenarios (SEP-2640) are counted with the requirement sets: codeagent
// implements the extension, so a failure there is a failure of the host, not an unimplemented option.
const COUNTED_EXTENSION = /^sep-2640-client-/;
const scoredJobs = [
  ...sets.flatMap(({ set, scored }) => scored.map((scenario) => ({ scenario, set }))),
  ...allExtensions
    .filter((s) => COUNTED_EXTENSION.test(s))
    .map((scenario) => ({ scenario, set: SKILLS_SET })),
];
const extensionJobs = allExtensions
  .filter((s) => !COUNTED_EXTENSION.test(s))
  .map((scenario) => ({ scenario, set: "extension" }));
const want = (j) => picked.length === 0 || picked.includes(j.scenario);
const unknown = picked.filter((p) => ![...scoredJobs, ...extensionJobs].some((j) => j.scenario === p));
if (unknown.length > 0) {
  console.error(`conformance: unknown scenario(s): ${unknown.join(", ")}`);
  process.exit(2);
}

const t0 = Date.now();
const scored = await runAll(node, scoredJobs.filter(want));
const extensions = await runAll(node, extensionJobs.filter(want));
const tally = (rs) => `${rs.filter((r) => r.ok).length}/${rs.length}`;
for (const set of [...SETS, SKILLS_SET]) {
  console.log(`conformance: ${set} ${tally(scored.filter((r) => r.set === set))}`);
}
console.log(`conformance: extensions ${tally(extensions)} (reported, not counted)`);
const failing = scored.filter((r) => !r.ok).map((r) => `${r.set} ${r.scenario}`);
const unexpected = failing.filter((f) => !BASELINE.includes(f));
const stale = scored.filter((r) => r.ok && BASELINE.includes(`${r.set} ${r.scenario}`));
if (unexpected.length > 0) console.log(`conformance: unexpected failures: ${unexpected.join(", ")}`);
if (stale.length > 0) {
  console.log(
    `conformance: now passing, remove from scripts/conformance-baseline.json: ${stale
      .map((r) => `${r.set} ${r.scenario}`)
      .join(", ")}`,
  );
}
console.log(`conformance: wall time ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`conformance: ${tally(scored)} scenarios passed`);
process.exit(unexpected.length === 0 && stale.length === 0 ? 0 : 1);
