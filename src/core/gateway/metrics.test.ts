import { describe, expect, it } from "vitest";
import { callLogLine, GatewayMetrics } from "./metrics.js";

describe("gateway metrics", () => {
  it("counts calls, errors and latency per server and tool, in Prometheus text", () => {
    const m = new GatewayMetrics();
    m.record({ server: "a", tool: "a__t", ms: 3, outcome: "ok" });
    m.record({ server: "a", tool: "a__t", ms: 40, outcome: "error" });
    m.refuse("unauthorized");
    const lines = m.text().split("\n");
    expect(lines).toContain('codeagent_gateway_tool_calls_total{server="a",tool="a__t"} 2');
    expect(lines).toContain('codeagent_gateway_tool_errors_total{server="a",tool="a__t"} 1');
    expect(lines).toContain(
      'codeagent_gateway_tool_call_seconds_bucket{server="a",tool="a__t",le="0.005"} 1',
    );
    expect(lines).toContain('codeagent_gateway_tool_call_seconds_bucket{server="a",tool="a__t",le="0.05"} 2');
    expect(lines).toContain('codeagent_gateway_tool_call_seconds_count{server="a",tool="a__t"} 2');
    expect(lines).toContain('codeagent_gateway_http_refused_total{reason="unauthorized"} 1');
  });

  it("escapes label values", () => {
    const m = new GatewayMetrics();
    m.record({ server: 'q"s', tool: "t\\n", ms: 1, outcome: "ok" });
    expect(m.text()).toContain('{server="q\\"s",tool="t\\\\n"} 1');
  });

  it("logs one JSON line per call", () => {
    const line = callLogLine(
      { caller: { id: "t-1", profile: { name: "ro" } }, server: "a", tool: "a__t", ms: 1.234, outcome: "ok" },
      new Date(0),
    );
    expect(JSON.parse(line)).toEqual({
      ts: "1970-01-01T00:00:00.000Z",
      event: "call",
      caller: "t-1",
      profile: "ro",
      server: "a",
      tool: "a__t",
      ms: 1.2,
      outcome: "ok",
    });
  });
});
