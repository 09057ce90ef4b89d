// `node bench/gateway-profile.mjs stdio|http DIR [--perf]`: the gateway bench's load (1 000 sequential calls,
// then 3 000 with 100 in flight) against one `codeagent mcp serve`, to read its per-call cost by function.
// Default: the gateway runs with `--cpu-prof` (a .cpuprofile in DIR; V8 samples wall time, so time the process
// spent preempted inside a system call shows as that call). `--perf`: `perf record` samples CPU time of the
// client, the gateway and the upstream server (DIR/perf.data; JS names from `--perf-basic-prof`), and the
// CPU split per process is printed.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// `GW_ROOT`: another checkout's gateway (its bin/ and dist/) under the same load, for A/B runs.
const GW_ROOT = process.env.GW_ROOT ?? ROOT;
const mode = process.argv[2] ?? "stdio";
const dir = process.argv[3] ?? "/tmp/gw-prof";
const perf = process.argv.includes("--perf");
const strace = process.argv.includes("--strace");
mkdirSync(dir, { recursive: true });
const SEQ = Number(process.env.SEQ ?? 1000);
const CONC = Number(process.env.CONC ?? 3000);
const cli = join(GW_ROOT, "bin", "codeagent.js");
const env = { ...process.env, CODEAGENT_HOME: join(dir, "home") };
const plain = process.argv.includes("--plain");
// `--floor`: the bare SDK proxy (bench/servers/sdk-proxy.mjs) in the gateway's place.
const floor = process.argv.includes("--floor");
const proxy = join(ROOT, "bench", "servers", "sdk-proxy.mjs");
const nodeFlags = perf
  ? ["--perf-basic-prof-only-functions"]
  : strace || plain
    ? []
    : ["--cpu-prof", "--cpu-prof-dir", dir];

const waitFor = (child, re, stream) =>
  new Promise((resolve, reject) => {
    let out = "";
    child[stream].on("data", (d) => {
      out += d.toString();
      const m = re.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (c) => reject(new Error(`exited ${c}: ${out.slice(-2000)}`)));
  });
const config = (servers) => {
  const f = join(dir, `${mode}.json`);
  writeFileSync(f, JSON.stringify({ mcpServers: servers }));
  return f;
};
const serve = (cfg, extra) => [
  ...nodeFlags,
  ...(process.env.GW_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
  cli,
  "mcp",
  "serve",
  "--strict-mcp-config",
  "--mcp-config",
  cfg,
  ...extra,
];
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
};
const childrenOf = (pid) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

async function load(c, pids) {
  process.stdout.write(`${mode}: the client speaks ${c.getNegotiatedProtocolVersion()}\n`);
  const args = { name: "up__echo", arguments: { text: "hello" } };
  for (let i = 0; i < 50; i++) await c.callTool(args);
  const recs = [];
  if (perf)
    recs.push(
      spawn(
        "perf",
        [
          "record",
          "-q",
          "-e",
          "task-clock",
          "-F",
          "2000",
          "-g",
          "-o",
          join(dir, "perf.data"),
          "-p",
          Object.values(pids).join(","),
        ],
        { stdio: "inherit" },
      ),
    );
  if (strace)
    for (const k of ["gateway", "upstream"])
      recs.push(
        spawn(
          "strace",
          [
            "-f",
            ...(process.env.STRACE_FULL ? ["-tt"] : ["-c"]),
            "-o",
            join(dir, `strace-${k}.txt`),
            "-p",
            String(pids[k]),
          ],
          { stdio: "inherit" },
        ),
      );
  if (recs.length > 0) await new Promise((r) => setTimeout(r, 1000));
  const before = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpuMs(p)]));
  for (let i = 0; i < SEQ; i++) await c.callTool(args);
  const mid = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpuMs(p)]));
  let next = 0;
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next++ < CONC) await c.callTool(args);
    }),
  );
  const after = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpuMs(p)]));
  for (const rec of recs) {
    const done = new Promise((r) => rec.once("exit", r));
    rec.kill("SIGINT");
    await done;
  }
  const us = (a, b, n) => Math.round(((b - a) * 1000) / n);
  for (const k of Object.keys(pids))
    process.stdout.write(
      `${mode} ${k}: CPU µs/call sequential ${us(before[k], mid[k], SEQ)}, 100 in flight ${us(mid[k], after[k], CONC)}\n`,
    );
}

if (mode === "stdio") {
  const cfg = config({
    up: { command: process.execPath, args: [join(ROOT, "bench", "servers", "stdio.mjs")] },
  });
  const upArgs = [join(ROOT, "bench", "servers", "stdio.mjs")];
  const t = new StdioClientTransport({
    command: process.execPath,
    args: floor ? [...nodeFlags, proxy, "stdio", process.execPath, ...upArgs] : serve(cfg, []),
    env,
    stderr: "ignore",
  });
  const c = new Client({ name: "prof", version: "1" });
  await c.connect(t);
  await c.listTools();
  const [up] = childrenOf(t.pid);
  await load(c, { client: process.pid, gateway: t.pid, upstream: up });
  await c.close();
} else {
  const up = spawn(process.execPath, [join(ROOT, "bench", "servers", "http.mjs")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const url = `http://127.0.0.1:${await waitFor(up, /PORT (\d+)/, "stdout")}/mcp`;
  const gw = floor
    ? spawn(process.execPath, [...nodeFlags, proxy, "http", url], { stdio: ["pipe", "pipe", "pipe"] })
    : spawn(
        process.execPath,
        serve(config({ up: { url } }), ["--http", "127.0.0.1:0", "--no-auth", "--max-inflight", "256"]),
        { env, stdio: ["ignore", "ignore", "pipe"] },
      );
  const gwUrl = floor
    ? `http://127.0.0.1:${await waitFor(gw, /PORT (\d+)/, "stdout")}/mcp`
    : await waitFor(gw, /"event":"listening".*?"url":"([^"]+)"/, "stderr");
  let warned = 0;
  gw.stderr.on("data", (d) => {
    if (/Warning/.test(d.toString()) && warned++ === 0)
      process.stdout.write(`gateway stderr: ${d.toString().slice(0, 300)}\n`);
  });
  const c = new Client({ name: "prof", version: "1" });
  await c.connect(new StreamableHTTPClientTransport(new URL(gwUrl)));
  await load(c, { client: process.pid, gateway: gw.pid, upstream: up.pid });
  await c.close();
  const exited = new Promise((r) => gw.once("exit", r));
  gw.kill("SIGTERM");
  await exited;
  up.kill("SIGTERM");
}
await new Promise((r) => setTimeout(r, 1500));
for (const f of readdirSync(dir)) if (f.endsWith(".cpuprofile")) process.stdout.write(`${join(dir, f)}\n`);
