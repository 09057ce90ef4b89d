import { describe, expect, it } from "vitest";
import {
  CallerTaskStores,
  declaresTasks,
  extensionTask,
  MAX_CALLER_TASKS,
  MAX_STATELESS_TASKS,
  TASKS_EXTENSION,
} from "./caller-task-stores.js";
import { CallerTasks, DEFAULT_TTL_MS, type TaskState } from "./caller-tasks.js";
import { elicitAnswer } from "./task-front.js";

const CAPS = "io.modelcontextprotocol/clientCapabilities";

describe("declaresTasks", () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ [CAPS]: {} }, false],
    [{ [CAPS]: { extensions: {} } }, false],
    [{ [CAPS]: { extensions: { "io.modelcontextprotocol/other": {} } } }, false],
    [{ [CAPS]: { extensions: "tasks" } }, false],
    [{ [CAPS]: { extensions: { [TASKS_EXTENSION]: {} } } }, true],
  ])("%j → %s", (envelope, want) => expect(declaresTasks(envelope)).toBe(want));
});

describe("elicitAnswer", () => {
  it.each([
    [
      { action: "accept", content: { angle: "x" } },
      { action: "accept", content: { angle: "x" } },
    ],
    [{ action: "accept" }, { action: "accept" }],
    [{ action: "accept", content: ["x"] }, { action: "accept" }],
    [{ action: "decline", content: { a: 1 } }, { action: "decline" }],
    [{ action: "cancel" }, { action: "cancel" }],
    [{ action: "maybe" }, { action: "cancel" }],
    ["accept", { action: "cancel" }],
    [null, { action: "cancel" }],
  ])("%j → %j", (v, want) => expect(elicitAnswer(v)).toEqual(want));
});

const state = (over: Partial<TaskState>): TaskState => ({
  taskId: "a.x",
  status: "working",
  createdAt: "2026-01-01T00:00:00.000Z",
  lastUpdatedAt: "2026-01-01T00:00:00.000Z",
  ttl: 1000,
  pollInterval: 500,
  ...over,
});

describe("extensionTask", () => {
  const result = { content: [{ type: "text" as const, text: "r" }], isError: true };
  it.each([
    ["working", {}, { status: "working", ttlMs: 1000, pollIntervalMs: 500 }],
    [
      "input_required",
      { inputRequests: { q1: { method: "elicitation/create" } } },
      { status: "input_required", inputRequests: { q1: { method: "elicitation/create" } } },
    ],
    // The upstream said it waits, but its question has not reached the task yet.
    ["input_required", {}, { status: "working" }],
    // A tool error is a completed task: `failed` is for JSON-RPC errors.
    ["completed", { result }, { status: "completed", result }],
    ["cancelled", { result }, { status: "cancelled" }],
  ] as const)("%s %j", (status, extra, want) => {
    const out = extensionTask({ state: state({ status }), ...extra });
    expect(out).toMatchObject(want);
    expect(out).not.toHaveProperty("ttl");
    expect(out).not.toHaveProperty("pollInterval");
    if (status !== "completed") expect(out).not.toHaveProperty("result");
    if (out.status !== "input_required") expect(out).not.toHaveProperty("inputRequests");
  });
});

const never = () => new Promise<never>(() => undefined);

describe("CallerTaskStores", () => {
  it("keeps each caller's tasks apart, ids behind the replica's name", () => {
    const stores = new CallerTaskStores("b");
    const t = stores.of("caller-1").start(undefined, never);
    expect(t.taskId).toMatch(/^b\./);
    expect(stores.find("caller-1").get(t.taskId).status).toBe("working");
    expect(() => stores.find("caller-2").get(t.taskId)).toThrow(/Unknown task/);
    expect(() => stores.of("caller-2").cancel(t.taskId)).toThrow(/Unknown task/);
    expect(stores.size).toBe(1);
    stores.closeAll();
    expect(stores.size).toBe(0);
    expect(() => stores.find("caller-1").get(t.taskId)).toThrow(/Unknown task/);
  });

  it("caps one caller's tasks without touching another's", () => {
    const stores = new CallerTaskStores();
    for (let i = 0; i < MAX_CALLER_TASKS; i++) stores.of("busy").start(undefined, never);
    expect(() => stores.of("busy").start(undefined, never)).toThrow(/Too many tasks for this caller/);
    expect(stores.of("other").start(undefined, never).taskId).not.toMatch(/\./);
    stores.closeAll();
  });

  it("caps the tasks it holds in all, whoever asks", () => {
    const stores = new CallerTaskStores();
    const callers = MAX_STATELESS_TASKS / MAX_CALLER_TASKS;
    for (let c = 0; c < callers; c++)
      for (let i = 0; i < MAX_CALLER_TASKS; i++) stores.of(`caller-${c}`).start(undefined, never);
    expect(stores.size).toBe(MAX_STATELESS_TASKS);
    expect(() => stores.of("newcomer")).toThrow(/too many tasks \(at most 10000\)/);
    stores.closeAll();
    expect(stores.of("newcomer").size).toBe(0);
    stores.closeAll();
  });
});

describe("CallerTasks for the tasks extension", () => {
  it("puts a question in the task until it is answered, then works on", async () => {
    const store = new CallerTasks(() => undefined, { errorResultFails: false });
    let answer: unknown;
    const t = store.start(undefined, async ({ input, signal }) => {
      answer = await input({ method: "elicitation/create", params: { message: "Which?" } }, signal);
      await new Promise((r) => setTimeout(r, 5));
      return { content: [], isError: true };
    });
    await new Promise((r) => setImmediate(r));
    const asking = store.detail(t.taskId);
    expect(asking.state.status).toBe("input_required");
    expect(asking.inputRequests).toEqual({
      q1: { method: "elicitation/create", params: { message: "Which?" } },
    });
    store.respond(t.taskId, { q9: { action: "decline" } });
    expect(answer).toBeUndefined();
    store.respond(t.taskId, { q1: { action: "accept" } });
    await new Promise((r) => setImmediate(r));
    expect(answer).toEqual({ action: "accept" });
    expect(store.detail(t.taskId)).toEqual({ state: expect.objectContaining({ status: "working" }) });
    const { state } = await store.result(t.taskId);
    // A tool error completes the task; the result shows, and the ttl counts from the end.
    expect(state.status).toBe("completed");
    expect(store.detail(t.taskId).result).toEqual({ content: [], isError: true });
    expect(store.get(t.taskId).ttl).toBeGreaterThanOrEqual(DEFAULT_TTL_MS);
    store.closeAll();
  });

  it("gives up a question when the call's signal fires, and forgets the last task when it expires", async () => {
    let empty = false;
    const store = new CallerTasks(() => undefined, { onEmpty: () => (empty = true) });
    const stop = new AbortController();
    const t = store.start(1, async ({ input }) => {
      const asked = input({ method: "elicitation/create" }, stop.signal);
      stop.abort();
      await expect(asked).rejects.toThrow(/not answered/);
      return { content: [] };
    });
    await store.result(t.taskId);
    expect(store.detail(t.taskId).inputRequests).toBeUndefined();
    await expect.poll(() => empty).toBe(true);
    expect(() => store.get(t.taskId)).toThrow(/Unknown task/);
  });
});
