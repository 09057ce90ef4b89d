// `/metrics` in the Prometheus text format (§22): calls, errors and latency per server and tool, and HTTP
// requests refused by the gateway's own checks. Labels are server and tool names only: no arguments, no
// caller tokens. Buckets are fixed so replicas aggregate.
import type { CallRecord } from "./call-tool.js";

const BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Series {
  server: string;
  tool: string;
  calls: number;
  errors: number;
  sum: number;
  buckets: number[];
}

const label = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

export class GatewayMetrics {
  private readonly series = new Map<string, Series>();
  private readonly refused = new Map<string, number>();

  record(r: Pick<CallRecord, "server" | "tool" | "ms" | "outcome">): void {
    const key = `${r.server}\0${r.tool}`;
    let s = this.series.get(key);
    if (s === undefined) {
      s = { server: r.server, tool: r.tool, calls: 0, errors: 0, sum: 0, buckets: BUCKETS_S.map(() => 0) };
      this.series.set(key, s);
    }
    const sec = r.ms / 1000;
    s.calls++;
    if (r.outcome !== "ok") s.errors++;
    s.sum += sec;
    const buckets = s.buckets;
    BUCKETS_S.forEach((b, i) => {
      if (sec <= b) buckets[i] = (buckets[i] ?? 0) + 1;
    });
  }

  /** An HTTP request the gateway refused before MCP saw it (`unauthorized`, `too_large`, `busy`, …). */
  refuse(reason: string): void {
    this.refused.set(reason, (this.refused.get(reason) ?? 0) + 1);
  }

  text(): string {
    const out: string[] = [
      "# HELP codeagent_gateway_tool_calls_total Tool calls through the gateway.",
      "# TYPE codeagent_gateway_tool_calls_total counter",
    ];
    const all = [...this.series.values()];
    const lbl = (s: Series) => `server="${label(s.server)}",tool="${label(s.tool)}"`;
    for (const s of all) out.push(`codeagent_gateway_tool_calls_total{${lbl(s)}} ${s.calls}`);
    out.push(
      "# HELP codeagent_gateway_tool_errors_total Tool calls that failed or returned isError.",
      "# TYPE codeagent_gateway_tool_errors_total counter",
    );
    for (const s of all) out.push(`codeagent_gateway_tool_errors_total{${lbl(s)}} ${s.errors}`);
    out.push(
      "# HELP codeagent_gateway_tool_call_seconds Tool call latency through the gateway.",
      "# TYPE codeagent_gateway_tool_call_seconds histogram",
    );
    for (const s of all) {
      BUCKETS_S.forEach((b, i) =>
        out.push(`codeagent_gateway_tool_call_seconds_bucket{${lbl(s)},le="${b}"} ${s.buckets[i]}`),
      );
      out.push(`codeagent_gateway_tool_call_seconds_bucket{${lbl(s)},le="+Inf"} ${s.calls}`);
      out.push(`codeagent_gateway_tool_call_seconds_sum{${lbl(s)}} ${s.sum}`);
      out.push(`codeagent_gateway_tool_call_seconds_count{${lbl(s)}} ${s.calls}`);
    }
    out.push(
      "# HELP codeagent_gateway_http_refused_total HTTP requests refused before reaching MCP, by reason.",
      "# TYPE codeagent_gateway_http_refused_total counter",
    );
    for (const [reason, n] of this.refused)
      out.push(`codeagent_gateway_http_refused_total{reason="${label(reason)}"} ${n}`);
    return `${out.join("\n")}\n`;
  }
}

/** One JSON line per call for the operator's log (stderr): caller, profile, tool, duration, outcome. */
export function callLogLine(r: CallRecord, now: Date = new Date()): string {
  return JSON.stringify({
    ts: now.toISOString(),
    event: "call",
    caller: r.caller.id,
    profile: r.caller.profile.name,
    server: r.server,
    tool: r.tool,
    ms: Math.round(r.ms * 10) / 10,
    outcome: r.outcome,
    ...(r.code !== undefined && { code: r.code }),
    ...(r.detail !== undefined && { detail: r.detail }),
  });
}
