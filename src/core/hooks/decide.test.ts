import { describe, expect, it } from "vitest";
import type { HookEvent } from "./config.js";
import { hookOutcome, mergeOutcomes, type HookOutcome, type HookRun } from "./decide.js";

const run = (code: number | null, stdout = "", stderr = "", extra: Partial<HookRun> = {}): HookRun => ({
  code,
  stdout,
  stderr,
  timedOut: false,
  ...extra,
});
const json = (v: unknown) => JSON.stringify(v);

describe("hookOutcome", () => {
  it.each<[string, HookEvent, HookRun, HookOutcome]>([
    ["exit 0, no output", "PreToolUse", run(0), {}],
    ["exit 0 plain stdout on a tool event is not context", "PostToolUse", run(0, "formatted\n"), {}],
    [
      "exit 0 plain stdout is prompt context",
      "UserPromptSubmit",
      run(0, "branch: main\n"),
      { context: ["branch: main"] },
    ],
    ["exit 0 plain stdout is session context", "SessionStart", run(0, "hello"), { context: ["hello"] }],
    [
      "exit 2 denies a call, stderr the reason",
      "PreToolUse",
      run(2, "", "rm -rf is not allowed\n"),
      { block: "rm -rf is not allowed", permission: { decision: "deny", reason: "rm -rf is not allowed" } },
    ],
    ["exit 2 refuses a prompt", "UserPromptSubmit", run(2, "", "secret"), { block: "secret" }],
    ["exit 2 keeps the turn going", "Stop", run(2, "", "tests fail"), { block: "tests fail" }],
    [
      "exit 2 without stderr still blocks",
      "PostToolUse",
      run(2),
      { block: "blocked by PostToolUse hook `x` (exit 2)" },
    ],
    [
      "exit 2 cannot block a notification",
      "Notification",
      run(2, "", "no"),
      { notices: ["Notification hook `x`: no"] },
    ],
    [
      "other exit codes are notes",
      "PreToolUse",
      run(1, "", "oops"),
      { notices: ["PreToolUse hook `x` exited with 1: oops"] },
    ],
    ["killed", "Stop", run(null), { notices: ["Stop hook `x` was killed"] }],
    [
      "timed out",
      "Stop",
      run(null, "", "", { timedOut: true }),
      { notices: ['Stop hook `x` timed out and was stopped; raise its "timeout" (seconds)'] },
    ],
    [
      "not started",
      "Stop",
      run(null, "", "", { startError: "ENOENT" }),
      { notices: ["Stop hook `x` could not start: ENOENT"] },
    ],
    [
      "permissionDecision allow",
      "PreToolUse",
      run(
        0,
        json({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "allow",
            permissionDecisionReason: "safe",
          },
        }),
      ),
      { permission: { decision: "allow", reason: "safe" } },
    ],
    [
      "permissionDecision deny",
      "PreToolUse",
      run(0, json({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } })),
      { block: "no", permission: { decision: "deny", reason: "no" } },
    ],
    [
      "permissionDecision ask",
      "PreToolUse",
      run(0, json({ hookSpecificOutput: { permissionDecision: "ask" } })),
      { permission: { decision: "ask", reason: "ask by a PreToolUse hook" } },
    ],
    [
      "legacy decision approve",
      "PreToolUse",
      run(0, json({ decision: "approve", reason: "ok" })),
      { permission: { decision: "allow", reason: "ok" } },
    ],
    [
      "legacy decision block",
      "PreToolUse",
      run(0, json({ decision: "block", reason: "nope" })),
      { block: "nope", permission: { decision: "deny", reason: "nope" } },
    ],
    [
      "decision block on Stop",
      "Stop",
      run(0, json({ decision: "block", reason: "run the tests" })),
      { block: "run the tests" },
    ],
    [
      "additionalContext and systemMessage",
      "PostToolUse",
      run(0, json({ systemMessage: "linted", hookSpecificOutput: { additionalContext: "2 warnings" } })),
      { context: ["2 warnings"], notices: ["linted"] },
    ],
    [
      "continue false",
      "PostToolUse",
      run(0, json({ continue: false, stopReason: "enough" })),
      { stop: "enough" },
    ],
    ["decision block cannot block SessionEnd", "SessionEnd", run(0, json({ decision: "block" })), {}],
    [
      "stdout that only looks like JSON is context",
      "UserPromptSubmit",
      run(0, "{not json"),
      { context: ["{not json"] },
    ],
    [
      "control characters are stripped",
      "UserPromptSubmit",
      run(2, "", "\u001b[31mred\u001b[0m"),
      { block: "red" },
    ],
  ])("%s", (_, event, r, want) => {
    expect(hookOutcome(event, { command: "x" }, r)).toEqual(want);
  });
});

describe("mergeOutcomes", () => {
  it.each<[string, HookOutcome[], HookOutcome]>([
    ["nothing", [{}, {}], {}],
    [
      "deny beats ask beats allow",
      [
        { permission: { decision: "allow", reason: "a" } },
        { permission: { decision: "deny", reason: "d" }, block: "d" },
        { permission: { decision: "ask", reason: "q" } },
      ],
      { permission: { decision: "deny", reason: "d" }, block: "d" },
    ],
    [
      "ask beats allow in either order",
      [{ permission: { decision: "ask", reason: "q" } }, { permission: { decision: "allow", reason: "a" } }],
      { permission: { decision: "ask", reason: "q" } },
    ],
    ["blocks join", [{ block: "x" }, { block: "y" }], { block: "x\ny" }],
    [
      "context and notices add up; the first stop wins",
      [
        { context: ["a"], stop: "s1" },
        { context: ["b"], notices: ["n"], stop: "s2" },
      ],
      { context: ["a", "b"], notices: ["n"], stop: "s1" },
    ],
  ])("%s", (_, list, want) => {
    expect(mergeOutcomes(list)).toEqual(want);
  });
});
