// Raw records → medians with min–max per client and metric (the shape report.mjs and chart.mjs read).
import { summary } from "./stats.mjs";

const ok = (r) => r.error === undefined;
const pick = (rows, key) => summary(rows.map((r) => r[key]));

function groupBy(rows, key) {
  const out = {};
  for (const r of rows) (out[key(r)] ??= []).push(r);
  return out;
}

export function summarize(records) {
  const s = {
    failures: records
      .filter((r) => !ok(r))
      .map(({ phase, client, n, transport, cmd, error }) => ({ phase, client, n, transport, cmd, error })),
  };
  // The 1-minute load average each worker saw when it started: how busy the machine was during the run.
  s.load1 = pick(records.filter(ok), "load1");
  const startup = records.filter((r) => r.phase === "startup" && ok(r));
  if (startup.length > 0) {
    s.startup = {};
    for (const [key, rows] of Object.entries(groupBy(startup, (r) => `${r.n}|${r.client}`))) {
      const [n, client] = key.split("|");
      (s.startup[n] ??= {})[client] = {
        startupMs: pick(rows, "startupMs"),
        cpuMs: pick(rows, "cpuMs"),
        readyMs: pick(rows, "readyMs"),
        importMs: pick(rows, "importMs"),
        rssMB: pick(rows, "rssMB"),
        closeMs: pick(rows, "closeMs"),
        maxConcurrent: pick(rows, "maxConcurrent"),
      };
    }
  }
  const calls = records.filter((r) => r.phase === "calls" && ok(r));
  if (calls.length > 0) {
    s.calls = {};
    for (const [key, rows] of Object.entries(groupBy(calls, (r) => `${r.transport}|${r.client}`))) {
      const [transport, client] = key.split("|");
      (s.calls[transport] ??= {})[client] = {
        p50us: pick(rows, "p50us"),
        p99us: pick(rows, "p99us"),
        cpuUsPerCall: pick(rows, "cpuUsPerCall"),
        callsPerSec: pick(rows, "callsPerSec"),
        bigMs: pick(rows, "bigMs"),
        importMs: pick(rows, "importMs"),
        warnings: rows.reduce((a, r) => a + Object.values(r.warnings ?? {}).reduce((x, y) => x + y, 0), 0),
      };
    }
  }
  const hang = records.filter((r) => r.phase === "hang");
  if (hang.length > 0) {
    s.hang = {};
    for (const [client, rows] of Object.entries(groupBy(hang, (r) => r.client))) {
      const good = rows.filter(ok);
      s.hang[client] = {
        runs: rows.length,
        outcomes: good.map((r) => r.outcome),
        ms: pick(
          good.filter((r) => r.outcome !== "pending"),
          "ms",
        ),
        healthyMs: pick(good, "healthyMs"),
        tools: pick(
          good.filter((r) => r.outcome === "returned"),
          "tools",
        ),
        thrown: [...new Set(good.map((r) => r.thrown).filter((e) => e !== undefined))],
        capMs: good[0]?.capMs,
        waitMs: good[0]?.waitMs,
      };
    }
  }
  const cli = records.filter((r) => r.phase === "cli" && ok(r));
  if (cli.length > 0) {
    s.cli = {};
    for (const [key, rows] of Object.entries(groupBy(cli, (r) => `${r.env}|${r.cmd}`))) {
      const [env, cmd] = key.split("|");
      (s.cli[env] ??= {})[cmd] = pick(rows, "ms");
    }
  }
  return s;
}
