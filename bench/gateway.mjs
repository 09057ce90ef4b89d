// `npm run bench -- --only gateway` (§22): the same tool call direct and through `codeagent mcp serve`, over
// stdio and over Streamable HTTP: p50 of sequential calls, calls/s with 100 in flight, and 50 concurrent HTTP
// callers (each its own client). The upstream is the bench's echo server in both cases; the client is the
// SDK v2 client. A third path, a bare pass-through on the SDK's Server and Client (servers/sdk-proxy.mjs),
// is the floor any gateway on the SDK starts from. Targets (issue 29): ≤ 1.3× direct p50, ≥ 0.8× direct throughput, no error at 50 callers.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { quantile } from "./lib/stats.mjs";

export async function gatewayBench({ ROOT, tmp, log, quick }) {
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  const N = quick ? 300 : 1000;
  const CONC = quick ? 1000 : 3000;
  const INFLIGHT = 100;
  const CALLERS = 50;
  const PER_CALLER = quick ? 10 : 40;
  const stdioServer = join(ROOT, "bench", "servers", "stdio.mjs");
  const httpServer = join(ROOT, "bench", "servers", "http.mjs");
  // The floor for any gateway on the SDK: its Server and Client passing calls through, nothing else.
  const sdkProxy = join(ROOT, "bench", "servers", "sdk-proxy.mjs");
  const cli = join(ROOT, "bin", "codeagent.js");
  const env = { ...process.env, CODEAGENT_HOME: join(tmp, "gw-home") };
  const children = [];

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
  // CPU (user + system, ms) of the process that serves the client: on a shared machine wall-clock latency is
  // mostly waiting for a core, while CPU per call is what the gateway itself costs.
  const cpuMs = (pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const startHttpUpstream = async () => {
    const child = spawn(process.execPath, [httpServer], { stdio: ["pipe", "pipe", "inherit"] });
    children.push(child);
    const url = `http://127.0.0.1:${await waitFor(child, /PORT (\d+)/, "stdout")}/mcp`;
    return { url, pid: child.pid };
  };
  const config = (name, servers) => {
    const f = join(tmp, name);
    writeFileSync(f, JSON.stringify({ mcpServers: servers }));
    return f;
  };
  const serveArgs = (cfg, extra) => [
    cli,
    "mcp",
    "serve",
    "--strict-mcp-config",
    "--mcp-config",
    cfg,
    ...extra,
  ];
  const startGatewayHttp = async (cfg) => {
    const child = spawn(
      process.execPath,
      serveArgs(cfg, ["--http", "127.0.0.1:0", "--no-auth", "--max-inflight", "256"]),
      {
        env,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    children.push(child);
    return { url: await waitFor(child, /"event":"listening".*?"url":"([^"]+)"/, "stderr"), pid: child.pid };
  };
  const connect = async (transport) => {
    const c = new Client({ name: "bench", version: "1" });
    await c.connect(transport);
    return c;
  };
  // The processes a call goes through, by role: the client (this process), the gateway, the upstream server.
  const clientCpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const childOf = (pid) =>
    Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0]);
  const cpuAll = (pids) => ({
    client: clientCpuMs(),
    ...Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpuMs(p)])),
  });
  const perCall = (a, b, n) =>
    Object.fromEntries(Object.keys(a).map((k) => [k, Math.round(((b[k] - a[k]) * 1000) / n)]));
  // `pidsOf` is asked after the warm-up calls, when the gateway has started its upstream server.
  const measure = async (c, tool, pidsOf) => {
    const args = { name: tool, arguments: { text: "hello" } };
    for (let i = 0; i < 50; i++) await c.callTool(args);
    const pids = pidsOf();
    const lat = [];
    const c0 = cpuAll(pids);
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await c.callTool(args);
      lat.push(performance.now() - t);
    }
    const c1 = cpuAll(pids);
    let next = 0;
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: INFLIGHT }, async () => {
        while (next++ < CONC) await c.callTool(args).catch(() => errors++);
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const seq = perCall(c0, c1, N);
    const conc = perCall(c1, cpuAll(pids), CONC);
    const server = pids.gateway === undefined ? "upstream" : "gateway";
    return {
      p50: quantile(lat, 0.5),
      p99: quantile(lat, 0.99),
      rps: CONC / secs,
      errors,
      cpuSeqUs: seq[server],
      cpuConcUs: conc[server],
      cpuSplitUs: { sequential: seq, inflight: conc },
    };
  };

  const rows = [];
  try {
    const stdioCfg = config("gw-stdio.json", { up: { command: process.execPath, args: [stdioServer] } });
    log("gateway bench: stdio direct");
    let t = new StdioClientTransport({ command: process.execPath, args: [stdioServer] });
    let c = await connect(t);
    rows.push({ path: "stdio direct", ...(await measure(c, "echo", () => ({ upstream: t.pid }))) });
    await c.close();
    log("gateway bench: stdio through the gateway");
    t = new StdioClientTransport({
      command: process.execPath,
      args: serveArgs(stdioCfg, []),
      env,
      stderr: "ignore",
    });
    c = await connect(t);
    rows.push({
      path: "stdio via gateway",
      ...(await measure(c, "up__echo", () => ({ gateway: t.pid, upstream: childOf(t.pid) }))),
    });
    await c.close();
    log("gateway bench: stdio through the bare SDK proxy");
    t = new StdioClientTransport({
      command: process.execPath,
      args: [sdkProxy, "stdio", process.execPath, stdioServer],
    });
    c = await connect(t);
    rows.push({
      path: "stdio via bare SDK proxy",
      ...(await measure(c, "up__echo", () => ({ gateway: t.pid, upstream: childOf(t.pid) }))),
    });
    await c.close();

    const upstream = await startHttpUpstream();
    log("gateway bench: HTTP direct");
    c = await connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    rows.push({ path: "HTTP direct", ...(await measure(c, "echo", () => ({ upstream: upstream.pid }))) });
    await c.close();
    log("gateway bench: HTTP through the gateway");
    const gateway = await startGatewayHttp(config("gw-http.json", { up: { url: upstream.url } }));
    const gw = gateway.url;
    c = await connect(new StreamableHTTPClientTransport(new URL(gw)));
    rows.push({
      path: "HTTP via gateway",
      ...(await measure(c, "up__echo", () => ({ gateway: gateway.pid, upstream: upstream.pid }))),
    });
    await c.close();
    log("gateway bench: HTTP through the bare SDK proxy");
    const proxy = spawn(process.execPath, [sdkProxy, "http", upstream.url], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    children.push(proxy);
    const proxyUrl = `http://127.0.0.1:${await waitFor(proxy, /PORT (\d+)/, "stdout")}/mcp`;
    c = await connect(new StreamableHTTPClientTransport(new URL(proxyUrl)));
    rows.push({
      path: "HTTP via bare SDK proxy",
      ...(await measure(c, "up__echo", () => ({ gateway: proxy.pid, upstream: upstream.pid }))),
    });
    await c.close();

    log(`gateway bench: ${CALLERS} concurrent HTTP callers`);
    const callers = await Promise.all(
      Array.from({ length: CALLERS }, () => connect(new StreamableHTTPClientTransport(new URL(gw)))),
    );
    const lat = [];
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      callers.map(async (cc) => {
        for (let i = 0; i < PER_CALLER; i++) {
          const t = performance.now();
          await cc.callTool({ name: "up__echo", arguments: { text: "hi" } }).then(
            () => lat.push(performance.now() - t),
            () => errors++,
          );
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    await Promise.all(callers.map((cc) => cc.close()));
    const callersRow = {
      callers: CALLERS,
      calls: CALLERS * PER_CALLER,
      errors,
      p50: quantile(lat, 0.5),
      rps: (CALLERS * PER_CALLER) / secs,
    };

    const f = (x) => (x === undefined ? "–" : x.toFixed(2));
    const split = (r, k) =>
      ["client", "gateway", "upstream"].map((p) => r.cpuSplitUs[k][p] ?? "–").join(" / ");
    const ratio = (a, b) => (a === undefined || b === undefined ? "–" : (a / b).toFixed(2));
    const row = (path) => rows.find((r) => r.path === path);
    const [sd, sg, sp, hd, hg, hp] = [
      "stdio direct",
      "stdio via gateway",
      "stdio via bare SDK proxy",
      "HTTP direct",
      "HTTP via gateway",
      "HTTP via bare SDK proxy",
    ].map(row);
    const markdown = [
      "## Gateway (`mcp serve`) vs direct",
      "",
      `Sequential p50/p99 over ${N} calls; calls/s with ${INFLIGHT} in flight over ${CONC} calls; SDK v2 client.`,
      "",
      "Server CPU: user + system time per call of the process the client talks to (the upstream when direct, the",
      "gateway otherwise), sequential / 100 in flight: on a shared machine latency is mostly waiting for a core.",
      "",
      "| path | p50 ms | p99 ms | calls/s (100 in flight) | errors | server CPU µs/call |",
      "|---|---:|---:|---:|---:|---:|",
      ...rows.map(
        (r) =>
          `| ${r.path} | ${f(r.p50)} | ${f(r.p99)} | ${r.rps.toFixed(0)} | ${r.errors} | ${r.cpuSeqUs.toFixed(0)} / ${r.cpuConcUs.toFixed(0)} |`,
      ),
      "",
      "CPU µs per call by process, client / gateway / upstream: a call through the gateway is one more process",
      "that both serves (like the upstream) and calls (like the client); with 100 in flight the processes share",
      "the machine's cores, so throughput follows the sum.",
      "",
      "| path | sequential | 100 in flight |",
      "|---|---:|---:|",
      ...rows.map((r) => `| ${r.path} | ${split(r, "sequential")} | ${split(r, "inflight")} |`),
      "",
      `Gateway / direct: stdio p50 ${ratio(sg.p50, sd.p50)}× (target ≤ 1.3), throughput ${ratio(sg.rps, sd.rps)}× (target ≥ 0.8); ` +
        `HTTP p50 ${ratio(hg.p50, hd.p50)}×, throughput ${ratio(hg.rps, hd.rps)}×.`,
      `Bare SDK proxy / direct: stdio p50 ${ratio(sp.p50, sd.p50)}×, throughput ${ratio(sp.rps, sd.rps)}×; ` +
        `HTTP p50 ${ratio(hp.p50, hd.p50)}×, throughput ${ratio(hp.rps, hd.rps)}×. ` +
        `Gateway CPU per call / bare proxy's, 100 in flight: stdio ${ratio(sg.cpuConcUs, sp.cpuConcUs)}×, HTTP ${ratio(hg.cpuConcUs, hp.cpuConcUs)}×.`,
      "",
      `${callersRow.callers} concurrent HTTP callers, ${callersRow.calls} calls: ${callersRow.errors} errors, p50 ${f(callersRow.p50)} ms, ${callersRow.rps.toFixed(0)} calls/s.`,
    ].join("\n");
    const records = [
      ...rows.map((r) => ({ phase: "gateway", ...r })),
      { phase: "gateway", path: "50 callers", ...callersRow },
    ];
    return { markdown, records };
  } finally {
    for (const ch of children) ch.kill("SIGTERM");
  }
}
