// Summary → markdown: the tables printed by `npm run bench` and pasted into docs/benchmarks.md, ending with
// the §13 targets, each marked met or missed.
import { fmt, fmtRatio, fmtSummary, ratio } from "./stats.mjs";

export const LABELS = {
  "ours-cold": "**codeagent** McpManager, cold",
  "ours-warm": "**codeagent** McpManager, warm (tool cache)",
  ours: "**codeagent** McpManager.callTool",
  "ours-registry": "**codeagent** registry tool.execute (agent path)",
  sdk: "raw SDK `Client` (host `Promise.all`)",
  langchain: "LangChain `MultiServerMCPClient`",
  aisdk: "AI SDK `createMCPClient` (host `Promise.all`)",
  pipe: "*floor: raw pipe NDJSON echo (no MCP)*",
};

const row = (cells) => `| ${cells.join(" | ")} |`;
const table = (head, rows) => [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");

function order(summary) {
  const c = summary.maxConcurrent;
  if (c === undefined) return "–";
  return c.max <= 1 ? "serial" : `parallel (${fmt(c.median)} at once)`;
}

function startupTable(s) {
  const ns = Object.keys(s).sort((a, b) => a - b);
  const clients = ["ours-cold", "ours-warm", "sdk", "langchain", "aisdk"].filter((c) =>
    ns.some((n) => s[n][c]),
  );
  const big = ns[ns.length - 1];
  const head = [
    "client",
    ...ns.flatMap((n) => [`N=${n} ms`, "×SDK"]),
    `client CPU ms, N=${big}`,
    `start order (N=${big})`,
    "import ms",
  ];
  const rows = clients.map((c) => [
    LABELS[c],
    ...ns.flatMap((n) => [
      fmtSummary(s[n][c]?.startupMs),
      fmtRatio(ratio(s[n][c]?.startupMs, s[n].sdk?.startupMs)),
    ]),
    fmtSummary(s[big][c]?.cpuMs),
    order(s[big][c] ?? {}),
    fmtSummary(s[big][c]?.importMs),
  ]);
  return table(head, rows);
}

function warmTable(s) {
  const ns = Object.keys(s).sort((a, b) => a - b);
  const head = [
    "N",
    "warm: tools registered (from cache) ms",
    "warm: all servers ready ms",
    "cold: all ready ms",
  ];
  return table(
    head,
    ns.map((n) => [
      n,
      fmtSummary(s[n]["ours-warm"]?.startupMs),
      fmtSummary(s[n]["ours-warm"]?.readyMs),
      fmtSummary(s[n]["ours-cold"]?.readyMs),
    ]),
  );
}

function resourceTable(s) {
  const big = Object.keys(s)
    .sort((a, b) => a - b)
    .at(-1);
  const head = ["client", `peak RSS, ${big} servers, MB`, "×SDK", `close() of ${big} servers, ms`];
  const clients = ["ours-cold", "sdk", "langchain", "aisdk"].filter((c) => s[big][c]);
  return table(
    head,
    clients.map((c) => [
      LABELS[c],
      fmtSummary(s[big][c].rssMB),
      fmtRatio(ratio(s[big][c].rssMB, s[big].sdk?.rssMB)),
      fmtSummary(s[big][c].closeMs),
    ]),
  );
}

function callTable(t) {
  const base = t.sdk;
  const head = [
    "client",
    "echo p50 µs",
    "×SDK",
    "echo p99 µs",
    "client CPU µs/call",
    "×SDK",
    "calls/s, 100 in flight",
    "×SDK",
    "1 MiB result ms",
    "×SDK",
  ];
  const clients = ["pipe", "ours", "ours-registry", "sdk", "langchain", "aisdk"].filter((c) => t[c]);
  const rows = clients.map((c) => {
    const x = t[c];
    return [
      LABELS[c],
      fmtSummary(x.p50us),
      fmtRatio(ratio(x.p50us, base?.p50us)),
      fmtSummary(x.p99us),
      fmtSummary(x.cpuUsPerCall),
      fmtRatio(ratio(x.cpuUsPerCall, base?.cpuUsPerCall)),
      fmtSummary(x.callsPerSec),
      fmtRatio(ratio(x.callsPerSec, base?.callsPerSec)),
      fmtSummary(x.bigMs),
      fmtRatio(ratio(x.bigMs, base?.bigMs)),
    ];
  });
  return table(head, rows);
}

function hangTable(h) {
  const head = [
    "client",
    "call returns after s",
    "outcome",
    "4 healthy servers' tools usable after s",
    "tools returned",
  ];
  const clients = ["ours", "sdk", "langchain", "aisdk"].filter((c) => h[c]);
  const rows = clients.map((c) => {
    const x = h[c];
    const counts = {};
    for (const o of x.outcomes) counts[o] = (counts[o] ?? 0) + 1;
    const outcome = Object.entries(counts)
      .map(
        ([o, k]) =>
          `${o === "pending" ? `still pending at the ${x.capMs / 1000} s cap` : o} (${k}/${x.runs})`,
      )
      .join(", ");
    const err = x.thrown.length > 0 ? `: ${x.thrown[0].slice(0, 90)}` : "";
    return [
      LABELS[c === "ours" ? "ours-cold" : c],
      fmtSummary(x.ms, 1 / 1000),
      outcome + err,
      x.healthyMs === undefined ? "never (within the cap)" : fmtSummary(x.healthyMs, 1 / 1000),
      x.tools === undefined ? "–" : fmt(x.tools.median),
    ];
  });
  return table(head, rows);
}

function cliTable(cli) {
  const envs = Object.keys(cli);
  const head = [
    "command",
    ...envs.flatMap((e) => [
      `${e === "machine" ? "this machine's env" : "without NODE_EXTRA_CA_CERTS"} ms`,
      "×node",
      "×raw SDK",
    ]),
  ];
  const cmds = [
    ["node-e", '`node -e ""`'],
    ["version", "`codeagent --version`"],
    ["mcp-list", "`codeagent mcp list` (no servers)"],
    ["list-floor", "*ref: commander + config loader (zod) only, no MCP SDK* (`bench/cli-floor.mjs`)"],
    ["mcp-list-1", "`codeagent mcp list` (1 server: server-memory, sandboxed)"],
    ["mcp-list-1-off", '`codeagent mcp list` (the same server, `"sandbox": false`)'],
    ["sdk-list-1", "*ref: raw SDK client listing the same server, unsandboxed* (`bench/sdk-list.mjs`)"],
  ];
  const vsSdk = (e, k) =>
    k.startsWith("mcp-list-1") ? fmtRatio(ratio(cli[e][k], cli[e]["sdk-list-1"])) : "";
  return table(
    head,
    cmds
      .filter(([k]) => envs.some((e) => cli[e][k] !== undefined))
      .map(([k, label]) => [
        label,
        ...envs.flatMap((e) => [
          fmtSummary(cli[e][k]),
          fmtRatio(ratio(cli[e][k], cli[e]["node-e"])),
          vsSdk(e, k),
        ]),
      ]),
  );
}

/** The §13 / issue 6 targets, checked against the medians. */
export function targets(s, meta) {
  const out = [];
  const add = (target, measured, met) => out.push({ target, measured, met });
  if (s.startup !== undefined) {
    for (const n of Object.keys(s.startup)) {
      const r = ratio(s.startup[n]["ours-cold"]?.startupMs, s.startup[n].sdk?.startupMs);
      if (r !== undefined)
        add(`start-up of ${n} server(s) within 1.1× of the raw SDK`, fmtRatio(r), r <= 1.1);
    }
    const big = Object.keys(s.startup)
      .sort((a, b) => a - b)
      .at(-1);
    const lc = ratio(s.startup[big]["ours-cold"]?.startupMs, s.startup[big].langchain?.startupMs);
    if (lc !== undefined)
      add(
        `start-up of ${big} servers well ahead of serial LangChain`,
        `${fmtRatio(lc)} of LangChain`,
        lc < 0.9,
      );
    const warm = s.startup[big]["ours-warm"]?.startupMs;
    if (warm !== undefined)
      add(
        `warm start registers all tools of ${big} servers in < 300 ms`,
        `${fmt(warm.median)} ms`,
        warm.median < 300,
      );
  }
  if (s.hang?.ours !== undefined) {
    const h = s.hang.ours;
    const met = h.ms !== undefined && h.ms.median <= meta.hangWaitMs + 250;
    add(
      `a hung server costs no more than the startup wait (${meta.hangWaitMs} ms here)`,
      `returns after ${fmt(h.ms?.median)} ms`,
      met,
    );
  }
  const st = s.calls?.stdio;
  if (st?.ours !== undefined && st.sdk !== undefined) {
    const p = ratio(st.ours.p50us, st.sdk.p50us);
    const c = ratio(st.ours.callsPerSec, st.sdk.callsPerSec);
    const b = ratio(st.ours.bigMs, st.sdk.bigMs);
    const cpu = ratio(st.ours.cpuUsPerCall, st.sdk.cpuUsPerCall);
    add("stdio echo latency ≤ the raw SDK's (p50)", fmtRatio(p), p <= 1.0);
    add("stdio client CPU per call ≤ the raw SDK's", fmtRatio(cpu), cpu <= 1.0);
    add("stdio throughput ≥ the raw SDK's (100 in flight)", fmtRatio(c), c >= 1.0);
    add("stdio 1 MiB result ≤ the raw SDK's", fmtRatio(b), b <= 1.0);
  }
  const cli = s.cli?.machine;
  if (cli !== undefined) {
    const v = ratio(cli.version, cli["node-e"]);
    const l = ratio(cli["mcp-list"], cli["node-e"]);
    add('`codeagent --version` within 1.5× of `node -e ""`', fmtRatio(v), v <= 1.5);
    add('`codeagent mcp list` (no servers) within 2.5× of `node -e ""` (§13)', fmtRatio(l), l <= 2.5);
    add('`codeagent mcp list` (no servers) within 1.5× of `node -e ""` (issue 32)', fmtRatio(l), l <= 1.5);
    const one = ratio(cli["mcp-list-1"], cli["sdk-list-1"]);
    if (one !== undefined)
      add(
        "`codeagent mcp list` of 1 server within 1.05× of a raw SDK client (issue 32)",
        fmtRatio(one),
        one <= 1.05,
      );
    const off = ratio(cli["mcp-list-1-off"], cli["sdk-list-1"]);
    if (off !== undefined)
      add(
        "`codeagent mcp list` of 1 server, sandbox off, within 1.05× of a raw SDK client (issue 32)",
        fmtRatio(off),
        off <= 1.05,
      );
  }
  return out;
}

export function report(meta, s) {
  const parts = [];
  const versions = Object.entries(meta.versions)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  const machine = `${meta.nproc} CPUs (${meta.cpu}), ${meta.memGiB} GiB, Node ${meta.node}, ${meta.platform}`;
  const env = `NODE_EXTRA_CA_CERTS ${meta.nodeExtraCaCerts ? "set" : "not set"}; other clients' servers ${meta.setsid ? "started through setsid (a session each, like ours)" : "in the client's session (--no-setsid)"}`;
  parts.push(
    `Run ${meta.date}${meta.quick ? " (**--quick**: few repetitions, short call runs, 8 s hang cap)" : ""}: ${machine}; ${env}; 1-min load average seen by the measurements ${fmtSummary(s.load1)}; ${meta.durationS} s. Build: dist/ of ${meta.commit}. Versions: ${versions}.`,
    "Median (min–max) over fresh processes; ×SDK = median ÷ the raw SDK's median.",
  );
  if (s.startup !== undefined) {
    parts.push(
      `### Start-up: spawn until every tool of N stdio servers (52 tools each) is registered/usable (${meta.plan.startupReps} runs each)`,
      startupTable(s.startup),
    );
    parts.push("### Warm start (tool-list cache) vs live readiness", warmTable(s.startup));
    parts.push("### Client memory and shutdown", resourceTable(s.startup));
  }
  if (s.hang !== undefined) {
    parts.push(
      `### 5 servers, the 3rd never answers initialize (${meta.plan.hangReps} run(s) each; ours with a ${meta.hangWaitMs} ms startup wait, the others with their defaults)`,
      hangTable(s.hang),
    );
  }
  for (const transport of ["stdio", "http"]) {
    if (s.calls?.[transport] === undefined) continue;
    const shape = transport === "http" ? meta.plan.httpShape : meta.plan.shape;
    parts.push(
      `### Calls over one ${transport === "stdio" ? "stdio" : "Streamable HTTP (127.0.0.1)"} connection (${meta.plan.callReps} runs; ${shape.seqN} sequential, ${shape.concN} with ${shape.inflight} in flight, ${shape.bigN} × 1 MiB)`,
      callTable(s.calls[transport]),
    );
    const warned = Object.entries(s.calls[transport]).filter(([, x]) => x.warnings > 0);
    if (warned.length > 0) {
      parts.push(
        `Process warnings (MaxListenersExceededWarning) counted: ${warned.map(([c, x]) => `${c} ${x.warnings}`).join(", ")}.`,
      );
    }
  }
  if (s.cli !== undefined)
    parts.push(
      `### CLI cold start, spawn → exit (${meta.plan.cliReps} runs each, interleaved)`,
      cliTable(s.cli),
    );
  const t = targets(s, meta);
  if (t.length > 0) {
    parts.push(
      "### Targets",
      table(
        ["target", "measured", ""],
        t.map((x) => [x.target, x.measured, x.met ? "met" : "**missed**"]),
      ),
    );
  }
  if (s.failures.length > 0) {
    parts.push("### Failed measurements", s.failures.map((f) => `- ${JSON.stringify(f)}`).join("\n"));
  }
  return parts.join("\n\n");
}
