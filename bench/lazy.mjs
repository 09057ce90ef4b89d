// `npm run bench -- --only lazy`: lazy vs eager start (§20.1). 20 stdio servers whose tools are cached (one
// `mcp list` first), then `codeagent -p` with a scripted model that calls one tool of one server, with
// `"startup"` set to each mode in settings.json, runs alternating. Reports the server processes spawned (each
// fixture server logs its start), the RSS of the CLI's whole process tree and the time from the CLI's spawn to
// the first model request (both read when that request arrives). Linux (/proc) for the RSS.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { scriptedModel } from "./code-mode.mjs";
import { median } from "./lib/stats.mjs";

const SERVERS = 20;

/** The resident memory (KiB) of `root` and every process under it, from /proc. */
function treeRssKiB(root) {
  const parent = new Map();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parent.set(Number(d), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === root) return true;
    return false;
  };
  let kib = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      kib += m === null ? 0 : Number(m[1]);
    } catch {
      // gone meanwhile
    }
  }
  return kib;
}

function run(ROOT, args, env, model) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(ROOT, "bin", "codeagent.js"), ...args], {
      env,
      stdio: "pipe",
    });
    let first;
    model.onFirst = () => (first = { ms: performance.now() - t0, rssKiB: treeRssKiB(child.pid) });
    let stderr = "";
    child.stdout.resume();
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stderr, first, ms: performance.now() - t0 }));
  });
}

export async function lazyBench({ ROOT, tmp, log, quick, reps }) {
  const dir = join(tmp, "lazy");
  const logs = join(dir, "logs");
  const home = join(dir, "home", ".codeagent");
  mkdirSync(logs, { recursive: true });
  mkdirSync(home, { recursive: true });
  const names = Array.from({ length: SERVERS }, (_, i) => `s${String(i + 1).padStart(2, "0")}`);
  const config = join(dir, "mcp.json");
  const probe = join(ROOT, "test/fixtures/servers/lazy-probe.mjs");
  const entry = (n) => ({
    command: process.execPath,
    args: [probe],
    env: { PROBE_LOG: join(logs, `${n}.log`), PROBE_NAME: n },
  });
  writeFileSync(config, JSON.stringify({ mcpServers: Object.fromEntries(names.map((n) => [n, entry(n)])) }));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    CODEAGENT_HOME: home,
    LANG: "C.UTF-8",
  };
  const spawned = () =>
    names.reduce((sum, n) => {
      const f = join(logs, `${n}.log`);
      return (
        sum +
        (existsSync(f)
          ? readFileSync(f, "utf8")
              .split("\n")
              .filter((l) => l.startsWith("start ")).length
          : 0)
      );
    }, 0);
  const clearLogs = () => {
    rmSync(logs, { recursive: true, force: true });
    mkdirSync(logs);
  };
  log(`lazy: warming the tool cache of ${SERVERS} servers (mcp list)`);
  const warm = await new Promise((resolve) => {
    const c = spawn(
      process.execPath,
      [join(ROOT, "bin", "codeagent.js"), "mcp", "list", "--mcp-config", config],
      {
        env,
        stdio: "ignore",
      },
    );
    c.on("close", resolve);
  });
  if (warm !== 0) return { records: [], markdown: `## Lazy start\n\nnot measured: mcp list exited ${warm}` };
  const n = reps ?? (quick ? 1 : 3);
  const runs = { eager: [], lazy: [] };
  const records = [];
  for (let i = 0; i < n; i++) {
    for (const mode of i % 2 === 0 ? ["eager", "lazy"] : ["lazy", "eager"]) {
      writeFileSync(join(home, "settings.json"), JSON.stringify({ startup: mode }));
      clearLogs();
      const steps = [{ calls: [["mcp__s07__ping", {}]] }, { text: "done" }];
      const model = await scriptedModel(steps);
      const first = model.bodies.length;
      const watch = setInterval(() => {
        if (model.bodies.length > first && model.onFirst !== undefined) {
          model.onFirst();
          model.onFirst = undefined;
        }
      }, 1);
      const args = [
        "-p",
        "ping s07",
        "--model",
        "openai-compatible:scripted",
        "--base-url",
        `${model.url}/v1`,
      ];
      args.push("--mcp-config", config, "--strict-mcp-config", "--yes");
      const r = await run(ROOT, args, env, model);
      clearInterval(watch);
      await model.close();
      const ok = r.code === 0 && r.first !== undefined;
      if (!ok) log(`lazy bench: ${mode} run failed (exit ${r.code}): ${r.stderr.slice(-400)}`);
      const rec = {
        phase: "lazy",
        mode,
        rep: i,
        spawned: spawned(),
        rssMiB: r.first === undefined ? null : Math.round(r.first.rssKiB / 1024),
        firstRequestMs: r.first === undefined ? null : Math.round(r.first.ms),
        wallMs: Math.round(r.ms),
        ...(ok ? {} : { error: `exit ${r.code}` }),
      };
      records.push(rec);
      runs[mode].push(rec);
      log(
        `lazy ${mode} #${i + 1}: ${rec.spawned} spawned, ${rec.rssMiB} MiB, first request ${rec.firstRequestMs} ms`,
      );
    }
  }
  const row = (mode) => {
    const rs = runs[mode];
    const m = (k) => median(rs.map((x) => x[k]).filter((v) => v !== null));
    return `| ${mode} | ${m("spawned")} | ${m("rssMiB")} | ${m("firstRequestMs")} | ${m("wallMs")} |`;
  };
  return {
    records,
    markdown: [
      `## Lazy start (§20.1): ${SERVERS} cached servers, one tool called`,
      "",
      `\`codeagent -p\`, scripted model calling one tool; medians of ${n} alternating runs. RSS: the CLI and every`,
      "process under it, when the first model request arrives. Target: lazy spawns exactly the servers used (1).",
      "",
      "| startup | servers spawned | RSS MiB | ms to first model request | wall ms |",
      "|---|---|---|---|---|",
      row("eager"),
      row("lazy"),
    ].join("\n"),
  };
}
