import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Test files that must not share a worker with others: ink renders (they keep state in the process between
// renders) and module mocks (a mock would leak into the next file of the worker).
const OWN_PROCESS = ["src/cli/interactive/**", "src/core/mcp/stdio/transport-spawn.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    // The default output, then the ten slowest files (test/reporters/slowest-files.ts).
    reporters: ["default", "./test/reporters/slowest-files.ts"],
    // vi.waitFor and expect.poll wait for an event; their 1 s default limit failed under load (see the file).
    setupFiles: ["test/helpers/wait-defaults.ts"],
    expect: { poll: { timeout: 10_000 } },
    // Generous: on a loaded machine an end-to-end test that spawns a CLI and its servers five times takes over 30 s.
    // A limit is a safety net for a hang, never a performance assertion.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Twice the cores: most end-to-end time is spent waiting on child processes (CLIs, servers, a model
    // server), so one worker per core leaves the machine idle; vitest's default is one worker fewer than cores.
    maxWorkers: Math.min(8, 2 * availableParallelism()),
    projects: [
      {
        // Unit tests of pure code: a fresh process per file costs more than most of these files' tests, so
        // they share their workers (modules are loaded once per worker; mocks are still restored per file).
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: OWN_PROCESS,
          isolate: false,
        },
      },
      {
        // Everything that spawns CLIs and servers, or changes the process, gets a process of its own.
        extends: true,
        test: {
          name: "isolated",
          include: [
            ...OWN_PROCESS.map((p) => (p.endsWith("/**") ? `${p}/*.test.{ts,tsx}` : p)),
            "test/**/*.test.ts",
          ],
        },
      },
    ],
  },
});
