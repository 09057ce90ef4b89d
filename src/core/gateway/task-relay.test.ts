import { afterEach, describe, expect, it, vi } from "vitest";
import { CallerTaskStores, MAX_CALLER_TASKS } from "./caller-task-stores.js";
import { MAX_TTL_MS } from "./caller-tasks.js";
import { relayedView } from "./task-relay.js";

const NOW = new Date("2026-12-05T12:00:00.000Z");
const AT = "2026-12-05T11:59:00.000Z";
const base = { taskId: "up-1", createdAt: AT, lastUpdatedAt: AT, ttlMs: 60_000, pollIntervalMs: 100 };
const mine = { taskId: "gw-1", createdAt: AT, lastUpdatedAt: AT, ttlMs: 60_000, pollIntervalMs: 100 };
const text = (t: string) => ({ content: [{ type: "text", text: t }] });

describe("relayedView", () => {
  it.each([
    [
      "a working task, under the caller's id, its message stripped",
      { ...base, resultType: "task", status: "working", statusMessage: "Step \u001b[31m1\u0007" },
      { ...mine, status: "working", statusMessage: "Step 1" },
    ],
    [
      "its questions, keys kept and `_meta` not",
      {
        ...base,
        status: "input_required",
        inputRequests: {
          angle: { method: "elicitation/create", params: { message: "Which?", _meta: { k: 1 } } },
          roots: { method: "roots/list" },
          junk: { params: {} },
        },
      },
      {
        ...mine,
        status: "input_required",
        inputRequests: {
          angle: { method: "elicitation/create", params: { message: "Which?" } },
          roots: { method: "roots/list" },
        },
      },
    ],
    [
      "input_required with nothing to answer reads as working",
      { ...base, status: "input_required", inputRequests: {} },
      { ...mine, status: "working" },
    ],
    [
      "a completed task with its result (a tool error too), only what a call result carries",
      { ...base, status: "completed", result: { ...text("no"), isError: true, extra: 1 } },
      { ...mine, status: "completed", result: { ...text("no"), isError: true } },
    ],
    [
      "completed without a result is a failure",
      { ...base, status: "completed" },
      {
        ...mine,
        status: "failed",
        error: { code: -32603, message: "the task failed on its upstream server" },
      },
    ],
    [
      "a failed task keeps the upstream's code, not its words",
      {
        ...base,
        status: "failed",
        statusMessage: "db password=hunter2 rejected",
        error: { code: -32001, message: "db password=hunter2 rejected" },
      },
      {
        ...mine,
        status: "failed",
        error: { code: -32001, message: "the task failed on its upstream server" },
      },
    ],
    [
      "an unknown status reads as working; bad stamps and ttl are the gateway's",
      { taskId: "up-1", status: "paused", createdAt: "yesterday", ttlMs: -5, pollIntervalMs: "fast" },
      {
        taskId: "gw-1",
        status: "working",
        createdAt: NOW.toISOString(),
        lastUpdatedAt: NOW.toISOString(),
        ttlMs: null,
      },
    ],
  ])("%s", (_, up, want) => expect(relayedView("gw-1", up, NOW)).toEqual(want));

  it("caps a result as a call's is", () => {
    const big = { ...base, status: "completed", result: text("x".repeat(33 * 1024 * 1024)) };
    expect(relayedView("gw-1", big, NOW).result).toEqual({
      content: [{ type: "text", text: "the result is larger than the gateway sends; ask the tool for less" }],
      isError: true,
    });
  });
});

describe("relayed tasks in a caller's store", () => {
  afterEach(() => vi.useRealTimers());

  it("links an id of the caller's to the upstream's task, for that caller only", () => {
    const stores = new CallerTaskStores("a");
    const id = stores.adopt("caller-1", { server: "t", taskId: "up-1" }, 60_000);
    expect(id).toMatch(/^a\./);
    expect(stores.find("caller-1").linkOf(id)).toEqual({ server: "t", taskId: "up-1" });
    expect(() => stores.find("caller-2").linkOf(id)).toThrow(/Unknown task/);
    expect(stores.size).toBe(1);
    stores.closeAll();
  });

  it("counts links against the caller's cap, checked before the call", () => {
    const stores = new CallerTaskStores();
    for (let i = 0; i < MAX_CALLER_TASKS; i++) stores.adopt("busy", { server: "t", taskId: `up-${i}` }, null);
    expect(() => stores.room("busy")).toThrow(/Too many tasks for this caller/);
    expect(() => stores.room("other")).not.toThrow();
    stores.closeAll();
  });

  it("forgets a link its ttl after the caller last reached it, at most the gateway's longest", () => {
    vi.useFakeTimers();
    const stores = new CallerTaskStores();
    const id = stores.adopt("c", { server: "t", taskId: "up-1" }, 60_000);
    vi.advanceTimersByTime(50_000);
    stores.find("c").renew(id, 60_000);
    vi.advanceTimersByTime(50_000);
    expect(stores.find("c").linkOf(id)).toEqual({ server: "t", taskId: "up-1" });
    vi.advanceTimersByTime(10_001);
    expect(() => stores.find("c").linkOf(id)).toThrow(/Unknown task/);
    expect(stores.size).toBe(0);
    const long = stores.adopt("c", { server: "t", taskId: "up-2" }, 10 * MAX_TTL_MS);
    vi.advanceTimersByTime(MAX_TTL_MS + 1);
    expect(() => stores.find("c").linkOf(long)).toThrow(/Unknown task/);
  });
});
