import { describe, expect, it } from "vitest";
import { endedOnProbe, type ProbeEnd } from "./probe-retry.js";

const err = (...lines: string[]): ProbeEnd["said"] => lines.map((text) => ({ from: "stderr", text }));

describe("endedOnProbe: a second start as a 2025-era server only when the probe may have ended it", () => {
  const rows: { name: string; end: ProbeEnd; again: boolean }[] = [
    { name: "never read the probe (EPIPE)", end: { refusedInput: true, said: [] }, again: false },
    {
      name: "EPIPE even with protocol words",
      end: { refusedInput: true, said: err("Method not found") },
      again: false,
    },
    { name: "silent exit", end: { refusedInput: false, said: [] }, again: true },
    { name: "only blank lines", end: { refusedInput: false, said: err("", "  ") }, again: true },
    {
      name: "missing API key",
      end: { refusedInput: false, said: err("Error: GITLAB_TOKEN is required") },
      again: false,
    },
    {
      name: "a refused database",
      end: {
        refusedInput: false,
        said: err("Error: connect ECONNREFUSED 127.0.0.1:5432", "  code: 'ECONNREFUSED',"),
      },
      again: false,
    },
    {
      name: "module not found",
      end: { refusedInput: false, said: err("Error: Cannot find module 'x'") },
      again: false,
    },
    {
      name: "received a request before initialization",
      end: {
        refusedInput: false,
        said: err("RuntimeError: Received request before initialization was complete"),
      },
      again: true,
    },
    {
      name: "names the method",
      end: { refusedInput: false, said: err("unhandled: server/discover") },
      again: true,
    },
    {
      name: "a JSON-RPC error code",
      end: { refusedInput: false, said: err('{"code":-32601}') },
      again: true,
    },
    {
      name: "an unknown message it printed",
      end: { refusedInput: false, said: [{ from: "message", method: "log", text: "invalid request" }] },
      again: true,
    },
  ];
  for (const row of rows) {
    it(row.name, () => expect(endedOnProbe(row.end)).toBe(row.again));
  }
});
