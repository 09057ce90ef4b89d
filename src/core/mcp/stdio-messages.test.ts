import { describe, expect, it } from "vitest";
import { exitReason, spawnError, summarize } from "./stdio-messages.js";

describe("exit reasons", () => {
  it.each([
    { lines: ["FATAL: API key missing"], expected: "FATAL: API key missing" },
    { lines: [], expected: "" },
    { lines: ["starting", "listening", "ready", "boom"], expected: "listening | ready | boom" },
    {
      name: "a Node crash keeps the error, not the stack frames or the version trailer",
      lines: [
        "file:///srv/index.mjs:3",
        'throw new Error("no token");',
        "^",
        "Error: no token",
        "    at file:///srv/index.mjs:3:7",
        "    at ModuleJob.run (node:internal/modules/esm/module_job:234:25)",
        "Node.js v20.20.2",
      ],
      expected: 'file:///srv/index.mjs:3 | throw new Error("no token"); | Error: no token',
    },
    { lines: ["x".repeat(400)], expected: `…${"x".repeat(299)}` },
  ])("summarizes $lines.length lines", ({ lines, expected }) => {
    expect(summarize(lines)).toBe(expected);
  });

  it("says how the process ended", () => {
    expect(exitReason({ code: 1, signal: null }, ["FATAL: API key missing"]).message).toBe(
      "exited with code 1: FATAL: API key missing",
    );
    expect(exitReason({ code: null, signal: "SIGKILL" }, []).message).toBe("was killed by signal SIGKILL");
    expect(exitReason({ code: 0, signal: null }, []).code).toBe("SERVER_EXITED");
  });
});

describe("spawn errors", () => {
  it("shows the searched PATH only for a bare command name", () => {
    expect(spawnError("npx", { code: "ENOENT" }, { PATH: "/usr/bin" }).message).toBe(
      'command not found: npx (check "command" in the server config; searched PATH=/usr/bin)',
    );
    expect(spawnError("/opt/x/server", { code: "ENOENT" }, {}).message).toBe(
      'command not found: /opt/x/server (check "command" in the server config)',
    );
    expect(spawnError("npx", { code: "ENOENT" }, {}).message).toContain("searched PATH=(unset)");
    expect(spawnError("srv", { code: "E2BIG", message: "spawn E2BIG" }, {}).message).toBe(
      "could not start srv: spawn E2BIG",
    );
  });
});
