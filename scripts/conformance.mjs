#!/usr/bin/env node
// `npm run conformance`: runs the client scenarios of @modelcontextprotocol/conformance 0.1.16 against
// `codeagent conformance-client` (the built CLI in dist/; nothing is built here), one scenario at a time —
// run in parallel, the timing check of sse-retry is at the mercy of the machine's load. The suite needs
// Node 22, fetched once with `npx -y node@22`; our client runs on this Node.
// Usage: node scripts/conformance.mjs [--verbose] [SCENARIO…]; exits 1 when any scenario fails.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SUITE = "node_modules/@modelcontextprotocol/conformance/dist/index.js";
const SCENARIOS = [
  "initialize",
  "tools_call",
  "elicitation-sep1034-client-defaults",
  "sse-retry",
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-jwt",
  "auth/client-credentials-basic",
  "auth/cross-app-access-complete-flow",
];
const SCENARIO_TIMEOUT_MS = 90_000;

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const picked = args.filter((a) => !a.startsWith("--"));
const unknown = picked.filter((s) => !SCENARIOS.includes(s));
if (unknown.length > 0) {
  console.error(`conformance: unknown scenario(s): ${unknown.join(", ")}`);
  process.exit(2);
}
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

function run(node, scenario) {
  const client = `${process.execPath} bin/codeagent.js conformance-client`;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, [SUITE, "client", "--command", client, "--scenario", scenario], {
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
      resolve({ scenario, ok: code === 0, seconds: (Date.now() - started) / 1000, checks, out });
    });
  });
}

const node = node22();
const list = picked.length > 0 ? picked : SCENARIOS;
const t0 = Date.now();
let passed = 0;
for (const scenario of list) {
  const r = await run(node, scenario);
  if (r.ok) passed++;
  console.log(
    `${r.ok ? "PASS" : "FAIL"}  ${scenario.padEnd(44)} ${r.seconds.toFixed(1).padStart(5)} s  ${r.checks}`,
  );
  if (!r.ok || verbose) console.log(r.out.replace(/^/gm, "      | "));
}
console.log(`conformance: wall time ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`conformance: ${passed}/${list.length} scenarios passed`);
process.exit(passed === list.length ? 0 : 1);
