// `npm run bench [-- --quick] [-- --only startup,calls,hang,cli,tools,code,gateway,sandbox,library,lazy] [-- --reps N] [-- --write]`: our MCP host against the raw
// SDK, LangChain's MultiServerMCPClient and the AI SDK's MCP client, on the same local servers. Every figure
// comes from a fresh process; clients are interleaved (the order rotates on every repetition). Writes
// bench/results/<timestamp>.json and .md (gitignored) and prints the markdown; tracked files (docs/startup-chart.svg)
// change only with --write.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startupChart } from "./lib/chart.mjs";
import { report } from "./lib/report.mjs";
import { rotate, runJob, timeCommand } from "./lib/run-job.mjs";
import { summarize } from "./lib/summarize.mjs";
import { commit, versions } from "./lib/versions.mjs";
import { gatewayBench } from "./gateway.mjs";
import { toolsBench } from "./tools.mjs";
import { sandboxBench } from "./sandbox.mjs";
import { codeModeBench } from "./code-mode.mjs";
import { libraryBench } from "./library.mjs";
import { lazyBench } from "./lazy.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(join(ROOT, "dist", "core", "index.js"))) {
  process.stderr.write("bench: dist/ is missing; build first (npm run build)\n");
  process.exit(2);
}
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const writeDocs = argv.includes("--write");
const flag = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const only = flag("--only")?.split(",");
// Other clients' servers run in a session of their own, as ours do (see serverProcess in worker.mjs).
const SETSID = !argv.includes("--no-setsid") && spawnSync("setsid", ["true"]).status === 0;
const repsOverride = flag("--reps") === undefined ? undefined : Number(flag("--reps"));

const PLAN = quick
  ? {
      cliReps: 3,
      startupReps: 1,
      callReps: 1,
      hangReps: 1,
      hangCapMs: 8000,
      shape: { seqWarm: 50, seqN: 300, concWarm: 100, concN: 1000, inflight: 100, bigWarm: 1, bigN: 5 },
      httpShape: { seqWarm: 50, seqN: 300, concWarm: 100, concN: 1000, inflight: 100, bigWarm: 1, bigN: 5 },
    }
  : {
      cliReps: 10,
      startupReps: 4,
      callReps: 4,
      hangReps: 2,
      hangCapMs: 70_000,
      shape: { seqWarm: 200, seqN: 2000, concWarm: 500, concN: 5000, inflight: 100, bigWarm: 3, bigN: 15 },
      // Streamable HTTP does ~1 k calls/s on an idle machine and far less on a busy one: fewer calls.
      httpShape: {
        seqWarm: 100,
        seqN: 1000,
        concWarm: 200,
        concN: 2000,
        inflight: 100,
        bigWarm: 2,
        bigN: 10,
      },
    };
if (repsOverride !== undefined) PLAN.startupReps = PLAN.callReps = PLAN.cliReps = repsOverride;
const STARTUP_N = quick ? [1, 5] : [1, 5, 20];
const STARTUP_CLIENTS = ["ours-cold", "ours-warm", "sdk", "langchain", "aisdk"];
const CALL_JOBS = [
  ["pipe", "stdio"],
  ["ours", "stdio"],
  ["ours-registry", "stdio"],
  ["sdk", "stdio"],
  ["langchain", "stdio"],
  ["aisdk", "stdio"],
  ["ours", "http"],
  ["sdk", "http"],
  ["langchain", "http"],
  ["aisdk", "http"],
];
const HANG_CLIENTS = ["ours", "sdk", "langchain", "aisdk"];
const HANG_WAIT_MS = 2000;
const HANG_STAGGER_MS = 6000;

const tmp = mkdtempSync(join(tmpdir(), "codeagent-bench-"));
const records = [];
const started = Date.now();
const log = (s) => process.stderr.write(`${s}\n`);
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
let seq = 0;
const freshDir = (what) => join(tmp, `${what}-${++seq}`);

function record(phase, fields, result) {
  records.push({ phase, ...fields, ...result });
  if (result.error !== undefined) log(`  ! ${phase} ${JSON.stringify(fields)}: ${result.error}`);
}

async function cliPhase() {
  log(`cli cold start (${PLAN.cliReps} × each command, interleaved) [${elapsed()}]`);
  const home = freshDir("cli-home");
  const cwd = freshDir("cli-cwd");
  // One real server (server-memory, sandboxed as a user server is by default), for `mcp list` beside a raw SDK
  // client doing the same (bench/sdk-list.mjs): connect, count tools/resources/prompts, print, close.
  // The same server with `"sandbox": false` (a user may turn it off per server) shows what bwrap costs.
  const oneHome = freshDir("cli-home-1");
  const offHome = freshDir("cli-home-1-off");
  for (const d of [home, cwd, oneHome, offHome]) mkdirSync(d, { recursive: true });
  const memory = join(ROOT, "node_modules", "@modelcontextprotocol", "server-memory", "dist", "index.js");
  for (const [h, sandbox] of [
    [oneHome, undefined],
    [offHome, false],
  ]) {
    const entry = {
      command: process.execPath,
      args: [memory],
      env: { MEMORY_FILE_PATH: join(h, "memory.json") },
    };
    writeFileSync(join(h, "mcp.json"), JSON.stringify({ mcpServers: { memory: { ...entry, sandbox } } }));
  }
  const bin = join(ROOT, "bin", "codeagent.js");
  const base = { ...process.env, CODEAGENT_HOME: home };
  const noCa = { ...base };
  delete noCa.NODE_EXTRA_CA_CERTS;
  const empty = "No MCP servers configured";
  const commands = [
    ["node-e", ["-e", ""]],
    ["version", [bin, "--version"]],
    ["mcp-list", [bin, "mcp", "list"], empty],
    ["list-floor", [join(ROOT, "bench", "cli-floor.mjs")], empty],
    ["mcp-list-1", [bin, "mcp", "list"], "ready", oneHome],
    ["mcp-list-1-off", [bin, "mcp", "list"], "ready", offHome],
    ["sdk-list-1", [join(ROOT, "bench", "sdk-list.mjs")], "ready", oneHome],
  ];
  const envs = [
    ["machine", base],
    ...(process.env.NODE_EXTRA_CA_CERTS !== undefined ? [["no-extra-ca", noCa]] : []),
  ];
  const jobs = envs.flatMap(([envName, env]) =>
    commands.map(([cmd, args, expect, h]) => ({
      cmd,
      args,
      expect,
      envName,
      env: h === undefined ? env : { ...env, CODEAGENT_HOME: h },
    })),
  );
  // Not recorded: a user's second run, with the sandbox probe remembered (the first run of a boot probes).
  await timeCommand(process.execPath, [bin, "mcp", "list"], {
    env: { ...base, CODEAGENT_HOME: oneHome },
    cwd,
  }).catch((e) => log(`  ! cli warm-up: ${e.message}`));
  for (let rep = 0; rep < PLAN.cliReps; rep++) {
    for (const j of rotate(jobs, rep)) {
      try {
        const r = await timeCommand(process.execPath, j.args, { env: j.env, cwd });
        if (j.expect !== undefined && !r.out.includes(j.expect)) {
          throw new Error(`unexpected ${j.cmd} output: ${r.out.slice(0, 200)}`);
        }
        record("cli", { cmd: j.cmd, env: j.envName, rep }, { ms: r.ms });
      } catch (e) {
        record("cli", { cmd: j.cmd, env: j.envName, rep }, { error: String(e.message) });
      }
    }
  }
}

async function startupPhase() {
  // The warm homes get their tool cache from one unrecorded cold start each.
  const warmHome = (n) => join(tmp, `warm-${n}`);
  for (const n of STARTUP_N) {
    log(`startup: filling the tool cache for N=${n} [${elapsed()}]`);
    const r = await runJob(startupJob("ours-cold", n, warmHome(n), join(warmHome(n), "spawn.log")));
    if (r.error !== undefined) log(`  ! cache fill failed: ${r.error}`);
  }
  for (let rep = 0; rep < PLAN.startupReps; rep++) {
    for (const n of STARTUP_N) {
      log(`startup N=${n}, repetition ${rep + 1}/${PLAN.startupReps} [${elapsed()}]`);
      for (const client of rotate(STARTUP_CLIENTS, rep + n)) {
        let home;
        let logFile;
        if (client === "ours-warm") {
          // Same path every time: the log path is part of the server's args, so of the cache key.
          home = warmHome(n);
          logFile = join(home, "spawn.log");
          rmSync(logFile, { force: true });
        } else {
          home = freshDir(`home-${client}`);
          logFile = join(home, "spawn.log");
          mkdirSync(home, { recursive: true });
        }
        const r = await runJob(startupJob(client, n, home, logFile));
        if (client === "ours-warm" && r.error === undefined && r.fromCache !== true) {
          r.error = "warm start did not register from the cache";
        }
        record("startup", { client, n, rep }, r);
      }
    }
  }
}

function startupJob(client, n, home, logFile) {
  return {
    kind: "startup",
    client: client.startsWith("ours") ? "ours" : client,
    n,
    home,
    logFile,
    setsid: SETSID,
  };
}

async function callsPhase() {
  for (let rep = 0; rep < PLAN.callReps; rep++) {
    log(`calls, repetition ${rep + 1}/${PLAN.callReps} [${elapsed()}]`);
    for (const [client, transport] of rotate(CALL_JOBS, rep)) {
      const job =
        client === "pipe"
          ? { kind: "pipe", shape: PLAN.shape, setsid: SETSID }
          : {
              kind: "calls",
              client,
              transport,
              home: freshDir(`calls-${client}`),
              shape: transport === "http" ? PLAN.httpShape : PLAN.shape,
              setsid: SETSID,
            };
      record("calls", { client, transport, rep }, await runJob(job));
    }
  }
}

/**
 * The hang runs mostly wait on timeouts, so they overlap: every run (all repetitions) starts HANG_STAGGER_MS
 * after the previous one, late enough that the previous run's healthy servers have finished starting.
 */
async function hangPhase() {
  const order = Array.from({ length: PLAN.hangReps }, (_, rep) =>
    rotate(HANG_CLIENTS, rep).map((c) => [c, rep]),
  ).flat();
  log(
    `hang: 1 of 5 servers never answers initialize; ${order.length} runs ${HANG_STAGGER_MS / 1000} s apart, cap ${PLAN.hangCapMs / 1000} s [${elapsed()}]`,
  );
  const runs = order.map(async ([client, rep], i) => {
    await new Promise((r) => setTimeout(r, i * HANG_STAGGER_MS));
    const job = {
      kind: "hang",
      client,
      home: freshDir(`hang-${client}`),
      capMs: PLAN.hangCapMs,
      waitMs: HANG_WAIT_MS,
      setsid: SETSID,
    };
    record("hang", { client, rep }, await runJob(job, { timeoutMs: PLAN.hangCapMs + 30_000 }));
  });
  await Promise.all(runs);
}

let toolsSection;
let sandboxSection;
let lazySection;
async function toolsPhase() {
  const r = await toolsBench({
    ROOT,
    tmp,
    log,
    quick,
    // `--tools-latency 5000x1,5000x10,realx1`: only the command latency rows, for these shapes (tools x servers;
    // "real": the real catalogues' tools, each once).
    latencyShapes: flag("--tools-latency")
      ?.split(",")
      .map((s) => s.split("x"))
      .map(([tools, servers]) => ({
        tools: tools === "real" ? "real" : Number(tools),
        servers: Number(servers),
      })),
    latencyReps: repsOverride,
  });
  records.push(...r.records);
  toolsSection = r.markdown;
}

let codeSection;
async function codePhase() {
  const r = await codeModeBench({ ROOT, tmp, log, quick });
  records.push(...r.records);
  codeSection = r.markdown;
}

let gatewaySection;
async function gatewayPhase() {
  const r = await gatewayBench({ ROOT, tmp, log, quick });
  gatewaySection = r.markdown;
}

async function sandboxPhase() {
  const r = await sandboxBench({ ROOT, tmp, log, quick, reps: repsOverride });
  records.push(...r.records);
  sandboxSection = r.markdown;
}

let librarySection;
async function libraryPhase() {
  const r = await libraryBench({ tmp, log, quick, reps: repsOverride, setsid: SETSID });
  records.push(...r.records);
  librarySection = r.markdown;
}
async function lazyPhase() {
  const r = await lazyBench({ ROOT, tmp, log, quick, reps: repsOverride });
  records.push(...r.records);
  lazySection = r.markdown;
}

const PHASES = {
  cli: cliPhase,
  startup: startupPhase,
  calls: callsPhase,
  hang: hangPhase,
  tools: toolsPhase,
  code: codePhase,
  gateway: gatewayPhase,
  sandbox: sandboxPhase,
  library: libraryPhase,
  lazy: lazyPhase,
};
const meta = {
  date: new Date().toISOString(),
  quick,
  plan: PLAN,
  nproc: cpus().length,
  cpu: cpus()[0]?.model,
  memGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  nodeExtraCaCerts: process.env.NODE_EXTRA_CA_CERTS !== undefined,
  loadavgStart: loadavg(),
  hangWaitMs: HANG_WAIT_MS,
  setsid: SETSID,
  versions: versions(ROOT),
  commit: commit(ROOT),
};
try {
  for (const [name, fn] of Object.entries(PHASES)) if (only === undefined || only.includes(name)) await fn();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
meta.loadavgEnd = loadavg();
meta.durationS = Math.round((Date.now() - started) / 1000);
const summary = summarize(records);
const markdown = [
  report(meta, summary),
  toolsSection,
  codeSection,
  gatewaySection,
  sandboxSection,
  librarySection,
  lazySection,
]
  .filter((s) => s !== undefined)
  .join("\n\n");
const stamp = meta.date.replace(/[:.]/g, "-");
const out = join(ROOT, "bench", "results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, `${stamp}.json`), JSON.stringify({ meta, summary, records }, null, 2));
writeFileSync(join(out, `${stamp}.md`), markdown);
if (summary.startup !== undefined) {
  const svg = startupChart(summary.startup, meta);
  writeFileSync(join(out, `${stamp}-startup.svg`), svg);
  if (writeDocs) writeFileSync(join(ROOT, "docs", "startup-chart.svg"), svg);
}
process.stdout.write(markdown + "\n");
log(`done in ${meta.durationS} s; results in bench/results/${stamp}.json`);
const failed = records.filter((r) => r.error !== undefined).length;
if (failed > 0) {
  log(`${failed} measurement(s) failed`);
  process.exitCode = 1;
}
