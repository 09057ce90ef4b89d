// `npm run bench -- --only library`: the library's costs through its public entry (createMcpHost, host.callTool)
// next to the SDK client in the same run, as ratios against issue 31's targets. Each figure is from a fresh
// process (bench/library-worker.mjs); the clients alternate, the order rotating each repetition. The targets are
// against the SDK client (@modelcontextprotocol/sdk); the client package the host is built on
// (@modelcontextprotocol/client) is measured too, so that the host's own share of a gap shows.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.mjs";
import { rotate } from "./lib/run-job.mjs";

const WORKER = fileURLToPath(new URL("./library-worker.mjs", import.meta.url));
const CLIENTS = ["lib", "sdk", "sdk2"];
const SERVERS = 20;

// [metric, label, which way is better, target ratio lib/sdk]
const METRICS = [
  ["importMs", "import time (ms)", "lower", undefined],
  ["importRssMB", "RSS after import (MB)", "lower", 1.1],
  ["peakRssMB", `peak RSS, ${SERVERS} servers ready (MB)`, "lower", 1.1],
  ["p50Ms", "echo call p50 (ms)", "lower", 1.1],
  ["callsPerS", "calls/s, 100 in flight", "higher", 0.95],
  ["cpuUsPerCall", "client CPU per call, 100 in flight (µs)", "lower", undefined],
  ["bigMs", "1 MiB result, median (ms)", "lower", 1.2],
];

function runWorker(job) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER, JSON.stringify(job)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err = (err + d).slice(-2000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      resolve(
        line !== undefined
          ? JSON.parse(line.slice(7))
          : { error: `exited (${signal ?? code}): ${err.slice(-600)}` },
      );
    });
  });
}

export async function libraryBench({ tmp, log, quick, reps, setsid }) {
  const n = reps ?? (quick ? 1 : 3);
  const shape = quick
    ? { seqWarm: 50, seqN: 300, concWarm: 100, concN: 1000, inflight: 100, bigWarm: 1, bigN: 5 }
    : { seqWarm: 200, seqN: 2000, concWarm: 500, concN: 5000, inflight: 100, bigWarm: 3, bigN: 15 };
  const records = [];
  let seq = 0;
  for (let rep = 0; rep < n; rep++) {
    for (const kind of ["memory", "calls"]) {
      log(`library: ${kind}, repetition ${rep + 1}/${n}`);
      for (const client of rotate(CLIENTS, rep)) {
        const home = join(tmp, `library-${client}-${++seq}`);
        mkdirSync(home, { recursive: true });
        const r = await runWorker({ client, kind, n: SERVERS, shape, home, setsid });
        if (r.error !== undefined) log(`  ! library ${kind} ${client}: ${r.error}`);
        records.push({ phase: "library", client, kind, rep, ...r });
      }
    }
  }
  const med = (client, metric) =>
    median(records.filter((r) => r.client === client && typeof r[metric] === "number").map((r) => r[metric]));
  const f = (v) => (v === undefined ? "—" : v >= 100 ? v.toFixed(0) : v.toFixed(2));
  const rows = METRICS.map(([metric, label, better, target]) => {
    const [lib, sdk, sdk2] = [med("lib", metric), med("sdk", metric), med("sdk2", metric)];
    const ratio = lib !== undefined && sdk !== undefined ? lib / sdk : undefined;
    const ratio2 = lib !== undefined && sdk2 !== undefined ? lib / sdk2 : undefined;
    const met =
      target === undefined || ratio === undefined
        ? ""
        : (better === "lower" ? ratio <= target : ratio >= target)
          ? "yes"
          : "**no**";
    const goal = target === undefined ? "" : `${better === "lower" ? "≤" : "≥"} ${target}×`;
    const x = (r) => (r === undefined ? "—" : `${r.toFixed(2)}×`);
    return `| ${label} | ${f(lib)} | ${f(sdk)} | ${x(ratio)} | ${goal} | ${met} | ${f(sdk2)} | ${x(ratio2)} |`;
  });
  const markdown = [
    "## The library against the SDK client",
    "",
    `createMcpHost + host.callTool through the package's entry vs @modelcontextprotocol/sdk's Client (stdio, medians of ${n} fresh process(es) each); "v2 client": @modelcontextprotocol/client, the SDK the host is built on, used the same way.`,
    "",
    `Client CPU per call is this process's CPU (all its threads) over the ${shape.concN} calls of the 100-in-flight run: that includes the compiling of each client's call path as it warms up, so a --quick run (1 000 calls) shows more of it than a full run (5 000), where the figures come closer to the steady per-call cost.`,
    "",
    "| measure | library | SDK client | library / SDK | target | met | v2 client | library / v2 |",
    "| --- | --: | --: | --: | --: | --- | --: | --: |",
    ...rows,
  ].join("\n");
  return { records, markdown };
}
