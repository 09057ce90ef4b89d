import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../../errors.js";
import { DEFAULT_RESTART_POLICY, decideRestart, type RestartInput } from "./restart-policy.js";

const base: RestartInput = {
  server: "files",
  history: { failures: 0 },
  event: { kind: "crashed", code: "SERVER_EXITED", readySince: 100_000 },
  now: 110_000,
  stopped: false,
  policy: { delaysMs: [500, 2000, 5000], stableAfterMs: 60_000 },
};
const crash = (readySince: number | undefined, code: ErrorCode = "SERVER_EXITED") =>
  ({ kind: "crashed", code, readySince }) as const;
const giveUp = "gave up after 3 restarts; /mcp refresh files to try again";

describe("decideRestart", () => {
  it.each<[string, Partial<RestartInput>, ReturnType<typeof decideRestart>]>([
    [
      "a first crash restarts after the first delay",
      {},
      { history: { failures: 1 }, decision: { action: "restart", afterMs: 500, attempt: 1, attempts: 3 } },
    ],
    [
      "the wait grows with each failure in a row",
      { history: { failures: 1 }, event: { kind: "start-failed" } },
      { history: { failures: 2 }, decision: { action: "restart", afterMs: 2000, attempt: 2, attempts: 3 } },
    ],
    [
      "the last attempt takes the last delay",
      { history: { failures: 2 }, event: { kind: "start-failed" } },
      { history: { failures: 3 }, decision: { action: "restart", afterMs: 5000, attempt: 3, attempts: 3 } },
    ],
    [
      "out of attempts: gives up and says how to try again",
      { history: { failures: 3 }, event: { kind: "start-failed" } },
      { history: { failures: 4 }, decision: { action: "give-up", note: giveUp } },
    ],
    [
      "a crash soon after a restart counts on",
      { history: { failures: 3 }, event: crash(100_000), now: 100_000 + 60_000 },
      { history: { failures: 4 }, decision: { action: "give-up", note: giveUp } },
    ],
    [
      "a crash after a stable run (over stableAfterMs ready) gets a fresh set of attempts",
      { history: { failures: 3 }, event: crash(100_000), now: 100_000 + 60_001 },
      { history: { failures: 1 }, decision: { action: "restart", afterMs: 500, attempt: 1, attempts: 3 } },
    ],
    [
      "a crash while not ready (no readySince) counts on",
      { history: { failures: 2 }, event: crash(undefined), now: 10_000_000 },
      { history: { failures: 3 }, decision: { action: "restart", afterMs: 5000, attempt: 3, attempts: 3 } },
    ],
    [
      "a failed first start is not retried on its own (refresh does that)",
      { event: { kind: "start-failed" } },
      { history: { failures: 0 }, decision: { action: "stay-down", why: "first-start" } },
    ],
    [
      "an oversized message would come again: no restart",
      { event: crash(100_000, "MESSAGE_TOO_LARGE") },
      { history: { failures: 1 }, decision: { action: "stay-down", why: "message-too-large" } },
    ],
    [
      "a server the user stopped, or a session that is ending, never respawns",
      { stopped: true, history: { failures: 1 } },
      { history: { failures: 1 }, decision: { action: "stay-down", why: "stopped" } },
    ],
    [
      "no attempts configured: the first crash gives up",
      { policy: { delaysMs: [], stableAfterMs: 60_000 } },
      {
        history: { failures: 1 },
        decision: { action: "give-up", note: "gave up after 0 restarts; /mcp refresh files to try again" },
      },
    ],
  ])("%s", (_name, change, expected) => {
    expect(decideRestart({ ...base, ...change })).toEqual(expected);
  });

  it("defaults to three attempts, 0.5 s, 2 s and 5 s apart, reset after a minute ready", () => {
    expect(DEFAULT_RESTART_POLICY).toEqual({ delaysMs: [500, 2000, 5000], stableAfterMs: 60_000 });
  });
});
