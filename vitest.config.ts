import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Generous: on a loaded machine an end-to-end test that spawns a CLI and its servers five times takes over 30 s.
    // A limit is a safety net for a hang, never a performance assertion.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
