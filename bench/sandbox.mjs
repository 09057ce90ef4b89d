// `npm run bench -- --only sandbox`: what the OS sandbox (§18) adds to a stdio server's start (spawn →
// `initialize` answered) and to one `bash` command (`bash -c true`, spawn → exit), sandboxed vs not, in one
// process with the sandbox driven in-process and its proxy started once, as the host does. Runs alternate, so
// load drifts hit both sides alike; medians and the added milliseconds are reported with their ratio.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
})}\n`;

function timed(spec, untilLine) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(spec.command, spec.args, {
      env: spec.env,
      cwd: spec.cwd,
      stdio: ["pipe", "pipe", "ignore"],
    });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const ms = performance.now() - t0;
      child.stdin.end();
      child.kill("SIGKILL");
      child.once("close", () => resolve(ms));
    };
    child.once("error", reject);
    if (untilLine) {
      child.stdin.write(INITIALIZE);
      child.stdout.on("data", (d) => d.includes(0x0a) && finish());
    } else child.once("exit", () => ((done = true), resolve(performance.now() - t0)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function sandboxBench({ ROOT, tmp, log, quick, reps }) {
  const { Sandbox } = await import(join(ROOT, "dist/core/sandbox/sandbox.js"));
  const { defaultPolicy } = await import(join(ROOT, "dist/core/sandbox/policy.js"));
  const sandbox = new Sandbox({ cwd: tmp });
  const a = sandbox.availability();
  if (!a.ok) return { records: [], markdown: `## Sandbox\n\nnot measured: ${a.reason}; ${a.install}` };
  const policy = defaultPolicy({
    home: process.env.HOME ?? "/root",
    codeagentHome: join(tmp, "home"),
    projectDir: tmp,
  });
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/root" };
  const n = reps ?? (quick ? 5 : 15);
  const kinds = {
    server: {
      spec: { command: process.execPath, args: [join(ROOT, "bench/servers/stdio.mjs")], env, cwd: tmp },
      line: true,
    },
    command: { spec: { command: "bash", args: ["-c", "true"], env, cwd: tmp }, line: false },
  };
  const records = [];
  const rows = [];
  for (const [kind, { spec, line }] of Object.entries(kinds)) {
    log(`sandbox: ${kind}, ${n} runs each`);
    const plain = [];
    const boxed = [];
    await timed(spec, line); // warm the page cache
    for (let i = 0; i < n; i++) {
      plain.push(await timed(spec, line));
      const t0 = performance.now();
      const c = await sandbox.confine(spec, policy);
      const confineMs = performance.now() - t0;
      boxed.push(confineMs + (await timed(c, line)));
      await c.release();
    }
    const p = median(plain);
    const b = median(boxed);
    records.push({ phase: "sandbox", kind, plainMs: p, sandboxedMs: b, runs: n });
    rows.push(
      `| ${kind === "server" ? "stdio server start (spawn → initialize answered)" : "bash command (bash -c true)"} | ${p.toFixed(1)} | ${b.toFixed(1)} | ${b >= p ? "+" : ""}${(b - p).toFixed(1)} | ${(b / p).toFixed(2)} | ${kind === "server" ? 50 : 30} |`,
    );
  }
  await sandbox.close();
  return {
    records,
    markdown: [
      "## Sandbox (§18): cost per server start and per command",
      "",
      `bubblewrap + socat bridge, proxy started once; medians of ${n} alternating runs.`,
      "",
      "| what | unsandboxed ms | sandboxed ms | added ms | ratio | target added ms |",
      "|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  };
}
