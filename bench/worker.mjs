// One measurement per fresh process. Argument: a JSON job ({ kind: "startup" | "hang" | "calls" | "pipe", … }).
// Prints one line `RESULT {json}` on stdout. The library import is timed on its own, before the measurement.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { CLIENTS, writeOurConfig } from "./lib/clients.mjs";
import { maxConcurrentStarts, readSpawnLog } from "./lib/spawn-log.mjs";
import { quantile } from "./lib/stats.mjs";
import { TOOLS_PER_SERVER } from "./servers/tools.mjs";

const SERVERS = fileURLToPath(new URL("./servers/", import.meta.url));
const job = JSON.parse(process.argv[2] ?? "{}");
const now = () => performance.now();
const BIG_KB = 1024;

// Streamable HTTP clients on Node 20 pile up abort listeners on one signal and warn for every request past
// ~1.5 k; count the warnings instead of flooding the terminal.
const warnings = {};
process.removeAllListeners("warning");
process.on("warning", (w) => (warnings[w.name] = (warnings[w.name] ?? 0) + 1));

/**
 * A stdio server for this job's client. Our transport starts every server in a session of its own (`detached`),
 * and with Linux autogroup scheduling a session is also a CPU-share group: on a busy machine such servers get more
 * CPU than servers left in the client's session. So that the comparison is between clients and not scheduling
 * groups, the other clients' servers are started through `setsid` too (job.setsid, on by default where it exists).
 */
function serverProcess(name, script, extraArgs = []) {
  const args = [join(SERVERS, script), ...extraArgs];
  if (job.setsid === true && !job.client?.startsWith("ours")) {
    return { name, command: "setsid", args: [process.execPath, ...args] };
  }
  return { name, command: process.execPath, args };
}

function stdioServer(name, logFile) {
  return serverProcess(name, "stdio.mjs", logFile !== undefined ? ["--log", logFile] : []);
}

function withTimeout(p, ms) {
  return Promise.race([p, new Promise((r) => setTimeout(r, ms).unref())]);
}

async function startup() {
  const client = CLIENTS[job.client];
  const t0 = now();
  const m = await client.load();
  const importMs = now() - t0;
  const servers = Array.from({ length: job.n }, (_, i) => stdioServer(`s${i}`, job.logFile));
  const expected = job.n * TOOLS_PER_SERVER;
  const configFile = job.client === "ours" ? writeOurConfig(job.home, servers) : undefined;
  const cpu0 = process.cpuUsage();
  const t1 = now();
  const res = await client.startStdio(m, servers, { home: job.home, configFile, expected });
  const startupMs = now() - t1;
  const cpu = process.cpuUsage(cpu0);
  // CPU time of this (client) process over the same span: less sensitive than wall time to a busy machine.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  if (res.tools !== expected) throw new Error(`expected ${expected} tools, got ${res.tools}`);
  // Ours: a warm start registers cached tools at once; also record when every server was actually ready.
  let readyMs;
  if (res.started !== undefined) {
    await res.started;
    readyMs = now() - t1;
    const states = res.states();
    if (!states.every((s) => s === "ready")) throw new Error(`servers not ready: ${states.join(",")}`);
  }
  const rssMB = process.resourceUsage().maxRSS / 1024;
  const t2 = now();
  await res.close();
  const closeMs = now() - t2;
  const log = job.logFile !== undefined ? readSpawnLog(job.logFile) : [];
  return {
    importMs,
    startupMs,
    cpuMs,
    readyMs,
    fromCache: res.fromCache,
    tools: res.tools,
    rssMB,
    closeMs,
    maxConcurrent: log.length > 0 ? maxConcurrentStarts(log) : undefined,
  };
}

/** 5 servers, the 3rd never answers initialize: when are the other four usable, and does the call return? */
async function hang() {
  const client = CLIENTS[job.client];
  const m = await client.load();
  const servers = Array.from({ length: 5 }, (_, i) =>
    i === 2 ? serverProcess("s2", "hang.mjs") : stdioServer(`s${i}`),
  );
  const healthyTools = 4 * TOOLS_PER_SERVER;
  const configFile = job.client === "ours" ? writeOurConfig(job.home, servers) : undefined;
  let healthyMs;
  let usable = 0;
  const t1 = now();
  // Ours reports once, when the registry holds the four healthy servers' tools; the SDK and the AI SDK report per
  // server (the hung one never does, so the 4th report is the last healthy server).
  const onUsable =
    job.client === "ours"
      ? () => (healthyMs = now() - t1)
      : () => {
          if (++usable === 4) healthyMs = now() - t1;
        };
  const call = client
    .startStdio(m, servers, {
      home: job.home,
      configFile,
      waitMs: job.waitMs,
      expected: Infinity,
      usableAt: healthyTools,
      onUsable,
      settle: true,
    })
    .then(
      (res) => ({ outcome: "returned", ms: now() - t1, tools: res.tools, res }),
      (e) => ({ outcome: "threw", ms: now() - t1, thrown: String(e?.message ?? e).slice(0, 160) }),
    );
  const cap = new Promise((res) => setTimeout(() => res({ outcome: "pending" }), job.capMs).unref());
  const r = await Promise.race([call, cap]);
  if (job.client === "langchain" && r.outcome === "returned" && r.tools >= healthyTools) healthyMs ??= r.ms;
  // A call that returned early (ours, at the startup wait) may still bring the healthy servers' tools later.
  while (healthyMs === undefined && now() - t1 < job.capMs && r.outcome === "returned") {
    await new Promise((res) => setTimeout(res, 20));
  }
  if (r.res !== undefined) await withTimeout(r.res.close(), 5000);
  delete r.res;
  return { ...r, healthyMs, capMs: job.capMs, waitMs: job.waitMs };
}

async function connectHttpServer() {
  const child = spawn(process.execPath, [join(SERVERS, "http.mjs")], { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m !== null) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`http server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.stdin.end() };
}

/** Sequential latency, throughput with `inflight` calls outstanding, and a 1 MiB result, over one connection. */
async function measureCalls(conn, o) {
  for (let i = 0; i < o.seqWarm; i++) await conn.echo("hello");
  const lat = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < o.seqN; i++) {
    const t = now();
    await conn.echo("hello");
    lat.push((now() - t) * 1000);
  }
  // The client's own CPU per call: what the library costs, whatever the server and the scheduler add.
  const cpu = process.cpuUsage(cpu0);
  const cpuUsPerCall = (cpu.user + cpu.system) / o.seqN;
  const runConc = async (total) => {
    let issued = 0;
    const t = now();
    await Promise.all(
      Array.from({ length: o.inflight }, async () => {
        while (issued < total) {
          issued++;
          await conn.echo("hello");
        }
      }),
    );
    return total / ((now() - t) / 1000);
  };
  await runConc(o.concWarm);
  const callsPerSec = await runConc(o.concN);
  let bigMs;
  if (conn.big !== undefined) {
    const times = [];
    for (let i = 0; i < o.bigWarm + o.bigN; i++) {
      const t = now();
      const len = await conn.big(BIG_KB);
      if (len !== BIG_KB * 1024) throw new Error(`big returned ${len} characters`);
      if (i >= o.bigWarm) times.push(now() - t);
    }
    bigMs = quantile(times, 0.5);
  }
  return { p50us: quantile(lat, 0.5), p99us: quantile(lat, 0.99), cpuUsPerCall, callsPerSec, bigMs };
}

async function calls() {
  const client = CLIENTS[job.client];
  const t0 = now();
  const m = await client.load();
  const importMs = now() - t0;
  const http = job.transport === "http" ? await connectHttpServer() : undefined;
  const server = http !== undefined ? { name: "s0", url: http.url } : stdioServer("s0");
  const configFile = job.client.startsWith("ours") ? writeOurConfig(job.home, [server]) : undefined;
  const conn = await client.connectOne(m, server, { home: job.home, configFile });
  const r = await measureCalls(conn, job.shape);
  await conn.close();
  http?.stop();
  return { importMs, ...r };
}

/** The floor: newline-delimited JSON over a pipe to a child that echoes lines, one JSON.parse per reply. */
async function pipe() {
  const echo = serverProcess("pipe", "pipe-echo.mjs");
  const child = spawn(echo.command, echo.args, {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = [];
  let buf = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buf += chunk;
    let nl;
    while ((nl = buf.indexOf("\n")) !== -1) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      waiting.shift()(JSON.parse(line));
    }
  });
  let id = 0;
  const send = (line) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(line + "\n");
    });
  const conn = {
    echo: (text) =>
      send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: ++id,
          method: "tools/call",
          params: { name: "echo", arguments: { text } },
        }),
      ),
    big: async (kb) => (await send(`{"big":${kb * 1024}}`)).r.length,
  };
  const r = await measureCalls(conn, job.shape);
  child.stdin.end();
  return r;
}

const KINDS = { startup, hang, calls, pipe };
try {
  if (job.home !== undefined) mkdirSync(job.home, { recursive: true });
  const load = loadavg()[0];
  const result = await KINDS[job.kind]();
  process.stdout.write(`RESULT ${JSON.stringify({ ...result, load1: load, warnings })}\n`);
  process.exit(0);
} catch (e) {
  process.stdout.write(`RESULT ${JSON.stringify({ error: String(e?.stack ?? e).slice(0, 600) })}\n`);
  process.exit(1);
}
