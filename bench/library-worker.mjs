// One library measurement in a fresh process (issue 31 item 7). Argument: a JSON job
// { client: "lib" | "sdk" | "sdk2", kind: "memory" | "calls", n?, shape?, home, setsid }. "lib" is the path a library
// user takes: the package's public entry (dist/core/index.js) and createMcpHost/host.callTool; "sdk" the SDK client
// (@modelcontextprotocol/sdk, the targets' reference); "sdk2" the client package the host is built on
// (@modelcontextprotocol/client), used the same way, to tell the host's own costs from its SDK's.
// Prints one line `RESULT {json}`.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { CLIENTS } from "./lib/clients.mjs";
import { quantile } from "./lib/stats.mjs";
import { TOOLS_PER_SERVER } from "./servers/tools.mjs";

const job = JSON.parse(process.argv[2] ?? "{}");
const STDIO = fileURLToPath(new URL("./servers/stdio.mjs", import.meta.url));
const ENTRY = new URL("../dist/core/index.js", import.meta.url).href;
const now = () => performance.now();
const rssMB = () => process.memoryUsage().rss / 2 ** 20;
const peakMB = () => process.resourceUsage().maxRSS / 1024;

// Our host starts each server in a session of its own; the SDK's servers go through setsid so that both get the
// same CPU-share treatment (see serverProcess in worker.mjs).
const server = () =>
  job.client !== "lib" && job.setsid
    ? { command: "setsid", args: [process.execPath, STDIO] }
    : { command: process.execPath, args: [STDIO] };

const ADAPTERS = {
  lib: {
    load: () => import(ENTRY),
    async start(m, n) {
      const cwd = join(job.home, "project");
      mkdirSync(cwd, { recursive: true });
      const servers = Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, server()]));
      const host = await m.createMcpHost({ cwd, home: job.home, servers, startupWaitMs: 120_000 });
      const tools = host.tools().length;
      return {
        tools,
        echo: (text) => host.callTool("mcp__s0__echo", { text }),
        big: async (kb) => (await host.callTool("mcp__s0__big", { kb })).content[0].text.length,
        close: () => host.close(),
      };
    },
  },
  sdk: { load: () => CLIENTS.sdk.load(), start: sdkStart },
  sdk2: {
    async load() {
      const [{ Client }, { StdioClientTransport }] = await Promise.all([
        import("@modelcontextprotocol/client"),
        import("@modelcontextprotocol/client/stdio"),
      ]);
      return { Client, StdioClientTransport };
    },
    start: sdkStart,
  },
};

/** The SDK clients' way (bench/lib/clients.mjs): one Client per server; both packages have that API. */
async function sdkStart(m, n) {
  const servers = Array.from({ length: n }, (_, i) => ({ name: `s${i}`, ...server() }));
  if (n === 1) {
    const c = await CLIENTS.sdk.connectOne(m, servers[0]);
    return { tools: TOOLS_PER_SERVER, ...c };
  }
  return CLIENTS.sdk.startStdio(m, servers);
}

async function main() {
  const a = ADAPTERS[job.client];
  const t0 = now();
  const m = await a.load();
  const importMs = now() - t0;
  const importRssMB = rssMB();
  if (job.kind === "memory") {
    const h = await a.start(m, job.n);
    if (h.tools !== job.n * TOOLS_PER_SERVER)
      throw new Error(`expected ${job.n * TOOLS_PER_SERVER} tools, got ${h.tools}`);
    const r = { importMs, importRssMB, peakRssMB: peakMB() };
    await h.close();
    return r;
  }
  const { seqWarm, seqN, concWarm, concN, inflight, bigWarm, bigN } = job.shape;
  const h = await a.start(m, 1);
  try {
    for (let i = 0; i < seqWarm; i++) await h.echo(`w${i}`);
    const lat = [];
    for (let i = 0; i < seqN; i++) {
      const t = now();
      await h.echo(`x${i}`);
      lat.push(now() - t);
    }
    const conc = async (count) => {
      let next = 0;
      const lane = async () => {
        while (next < count) {
          next++;
          await h.echo("c");
        }
      };
      await Promise.all(Array.from({ length: inflight }, lane));
    };
    await conc(concWarm);
    const tc = now();
    const cpu0 = process.cpuUsage();
    await conc(concN);
    const callsPerS = concN / ((now() - tc) / 1000);
    // This process's CPU only (the server is another): less swayed by a busy machine than calls/s.
    const cpu = process.cpuUsage(cpu0);
    const cpuUsPerCall = (cpu.user + cpu.system) / concN;
    for (let i = 0; i < bigWarm; i++) await h.big(1024);
    const big = [];
    for (let i = 0; i < bigN; i++) {
      const t = now();
      const len = await h.big(1024);
      if (len < 1024 * 1024) throw new Error(`1 MiB result came back with ${len} characters`);
      big.push(now() - t);
    }
    return {
      importMs,
      importRssMB,
      p50Ms: quantile(lat, 0.5),
      callsPerS,
      cpuUsPerCall,
      bigMs: quantile(big, 0.5),
    };
  } finally {
    await h.close();
  }
}

main().then(
  (r) => {
    process.stdout.write(`RESULT ${JSON.stringify(r)}\n`);
    process.exit(0);
  },
  (e) => {
    process.stdout.write(`RESULT ${JSON.stringify({ error: String(e?.stack ?? e).slice(0, 600) })}\n`);
    process.exit(0);
  },
);
