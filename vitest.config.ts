import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Test files that must not share a worker with others: module mocks (a mock would leak into the next file of
// the worker).
const OWN_PROCESS = ["src/core/mcp/stdio/transport-spawn.test.ts"];
// The ink renders share workers among themselves only (ink keeps some state in the process between renders).
const UI = "src/cli/interactive/**/*.test.{ts,tsx}";

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
          exclude: [...OWN_PROCESS, UI],
          isolate: false,
        },
      },
      {
        // A fresh process per ink file imported ink, react and the UI again: the 31 files took 65 CPU-s with a
        // process each, 33 CPU-s sharing.
        extends: true,
        test: { name: "ui", include: [UI], isolate: false },
      },
      {
        // The end-to-end and integration tests spawn CLIs and servers but leave the test process as they found
        // it (no module mocks, no process.env writes, no process listeners): they share their workers too.
        // A fresh process per file cost ~1.2 s of CPU each (vitest's start and the import of src/ through its
        // module runner), ~110 CPU-s over these files on a two-core machine where the suite is CPU-bound.
        extends: true,
        test: { name: "e2e", include: ["test/**/*.test.ts"], isolate: false },
      },
      {
        // Files that change the process for good (module mocks) get a process of their own.
        extends: true,
        test: { name: "isolated", include: OWN_PROCESS },
      },
    ],
  },
});
