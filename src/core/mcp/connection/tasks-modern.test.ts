import { describe, expect, it } from "vitest";
import { CodeagentError } from "../../errors.js";
import { nextTaskStep, offersTasksExtension, statusLine, type DetailedTask } from "./tasks-modern.js";
import { pollDelayMs } from "./tasks-poll.js";

const task = (over: Partial<DetailedTask>): DetailedTask => ({ taskId: "t1", status: "working", ...over });
const elicit = { method: "elicitation/create", params: { message: "Which?" } };

describe("nextTaskStep", () => {
  it.each<[string, DetailedTask, string[], unknown]>([
    [
      "working: poll at the server's interval",
      task({ pollIntervalMs: 250 }),
      [],
      { kind: "poll", delayMs: 250 },
    ],
    ["no interval: poll every second", task({}), [], { kind: "poll", delayMs: 1000 }],
    ["a null interval counts as none", task({ pollIntervalMs: null }), [], { kind: "poll", delayMs: 1000 }],
    ["an unknown status keeps polling", task({ status: "queued" }), [], { kind: "poll", delayMs: 1000 }],
    [
      "input_required: answer the keys not answered yet",
      task({ status: "input_required", inputRequests: { a: elicit, b: elicit }, pollIntervalMs: 200 }),
      ["a"],
      { kind: "answer", requests: [["b", elicit]], delayMs: 200 },
    ],
    [
      "input_required with every key answered: poll (the server has not taken them in yet)",
      task({ status: "input_required", inputRequests: { a: elicit } }),
      ["a"],
      { kind: "poll", delayMs: 1000 },
    ],
    [
      "completed: the result",
      task({ status: "completed", result: { content: [] } }),
      [],
      { kind: "completed", result: { content: [] } },
    ],
  ])("%s", (_name, t, answered, want) => {
    expect(nextTaskStep(t, new Set(answered))).toEqual(want);
  });

  it.each<[string, DetailedTask, string, string]>([
    [
      "failed: the JSON-RPC error and status message",
      task({ status: "failed", error: { code: -32603, message: "backend down" }, statusMessage: "gave up" }),
      "PROTOCOL_ERROR",
      "task t1 failed: backend down (code -32603): gave up",
    ],
    [
      "failed: a status message that repeats the error is said once",
      task({ status: "failed", error: { message: "backend down" }, statusMessage: "backend down" }),
      "PROTOCOL_ERROR",
      "task t1 failed: backend down",
    ],
    [
      "failed without an error",
      task({ status: "failed" }),
      "PROTOCOL_ERROR",
      "task t1 failed: no error given",
    ],
    [
      "completed without a result",
      task({ status: "completed" }),
      "PROTOCOL_ERROR",
      "task t1 completed without a result",
    ],
    [
      "cancelled by the server",
      task({ status: "cancelled", statusMessage: "shutting down" }),
      "CANCELLED",
      "the server cancelled task t1: shutting down",
    ],
    [
      "control sequences in the server's words are removed",
      task({ status: "failed", error: { message: "bad\u001b[2J news" } }),
      "PROTOCOL_ERROR",
      "task t1 failed: bad news",
    ],
  ])("%s", (_name, t, code, message) => {
    const step = nextTaskStep(t, new Set());
    if (step.kind !== "failed" && step.kind !== "cancelled") throw new Error(`got ${step.kind}`);
    expect(step.error).toBeInstanceOf(CodeagentError);
    expect({ code: step.error.code, message: step.error.message }).toEqual({ code, message });
  });
});

describe("pollDelayMs", () => {
  it.each([
    [undefined, 1000],
    [250, 250],
    [0, 100],
    [-5, 100],
    [3_600_000, 5000],
    [Number.NaN, 1000],
    [Number.POSITIVE_INFINITY, 1000],
  ])("server interval %s → %s ms", (ms, want) => {
    expect(pollDelayMs(ms)).toBe(want);
  });
});

describe("statusLine and offersTasksExtension", () => {
  it("shows the status with the server's message, cleaned", () => {
    expect([
      statusLine({ status: "working" }),
      statusLine({ status: "working", statusMessage: "Gathering\u0007 sources" }),
    ]).toEqual(["working", "working: Gathering sources"]);
  });

  it.each<[Record<string, unknown>, boolean]>([
    [{ extensions: { "io.modelcontextprotocol/tasks": {} } }, true],
    [{ extensions: { "io.example/other": {} } }, false],
    [{ tasks: { requests: { tools: { call: {} } } } }, false],
    [{}, false],
  ])("%j → %s", (caps, want) => {
    expect(offersTasksExtension(caps)).toBe(want);
  });
});
