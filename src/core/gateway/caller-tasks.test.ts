import { describe, expect, it } from "vitest";
import {
  CallerTasks,
  DEFAULT_TTL_MS,
  grantedTtl,
  MAX_TTL_MS,
  statusFromProgress,
  type TaskState,
} from "./caller-tasks.js";
import { taskCapable } from "./task-front.js";

describe("grantedTtl", () => {
  it.each([
    [undefined, DEFAULT_TTL_MS],
    [null, DEFAULT_TTL_MS],
    ["60000", DEFAULT_TTL_MS],
    [0, DEFAULT_TTL_MS],
    [-5, DEFAULT_TTL_MS],
    [Number.NaN, DEFAULT_TTL_MS],
    [60_000, 60_000],
    [1500.7, 1500],
    [MAX_TTL_MS * 10, MAX_TTL_MS],
  ])("%s → %s", (asked, ttl) => expect(grantedTtl(asked)).toBe(ttl));
});

describe("statusFromProgress", () => {
  it.each([
    ["task working: Gathering sources…", { status: "working", statusMessage: "Gathering sources…" }],
    ["task working", { status: "working" }],
    ["task input_required: Which angle?", { status: "input_required", statusMessage: "Which angle?" }],
    // The upstream's end is not this task's end.
    ["task completed: Done", { status: "working", statusMessage: "Done" }],
    ["task failed: backend down", { status: "working", statusMessage: "backend down" }],
    ["Gathering sources", undefined],
    ["task sleeping: zzz", undefined],
    [undefined, undefined],
  ])("%s", (message, want) => expect(statusFromProgress(message)).toEqual(want));
});

describe("taskCapable", () => {
  it.each([
    ["required", true],
    ["optional", true],
    ["forbidden", false],
    [undefined, false],
  ] as const)("taskSupport %s → %s", (taskSupport, want) =>
    expect(taskCapable({ raw: { name: "x", ...(taskSupport && { taskSupport }) } })).toBe(want),
  );
  it("takes any tool of a 2026-07-28 server with the tasks extension (it decides per call)", () => {
    expect(taskCapable({ raw: { name: "x" }, modernTasks: true })).toBe(true);
    expect(taskCapable({ raw: undefined, modernTasks: true })).toBe(true);
    expect(taskCapable({ raw: undefined, modernTasks: false })).toBe(false);
  });
});

describe("CallerTasks", () => {
  it("runs a task to its result, telling each status change once", async () => {
    const told: TaskState[] = [];
    const store = new CallerTasks((s) => told.push(s));
    let finish: () => void = () => undefined;
    const t = store.start(undefined, async ({ update }) => {
      update("working", "step 1");
      update("working", "step 1");
      await new Promise<void>((r) => (finish = r));
      return { content: [{ type: "text", text: "ok" }] };
    });
    expect(t).toMatchObject({ status: "working", ttl: DEFAULT_TTL_MS });
    expect(store.get(t.taskId)).toMatchObject({ status: "working", statusMessage: "step 1" });
    expect(store.list().map((s) => s.taskId)).toEqual([t.taskId]);
    finish();
    const { state, result } = await store.result(t.taskId);
    expect(result.content).toEqual([{ type: "text", text: "ok" }]);
    expect(state.status).toBe("completed");
    expect(told.map((s) => [s.status, s.statusMessage])).toEqual([
      ["working", "step 1"],
      ["completed", undefined],
    ]);
    store.closeAll();
  });

  it("marks a tool error failed, and a cancel aborts the run and is final", async () => {
    const store = new CallerTasks(() => undefined);
    const failed = store.start(1000, () => Promise.resolve({ content: [], isError: true }));
    expect((await store.result(failed.taskId)).state.status).toBe("failed");
    let aborted = false;
    const t = store.start(1000, ({ signal }) => {
      return new Promise((r) =>
        signal.addEventListener("abort", () => {
          aborted = true;
          r({ content: [], isError: true });
        }),
      );
    });
    expect(store.cancel(t.taskId).status).toBe("cancelled");
    expect(aborted).toBe(true);
    expect((await store.result(t.taskId)).state.status).toBe("cancelled");
    expect(() => store.cancel(t.taskId)).toThrow(/already cancelled/);
    store.closeAll();
  });

  it("reads an id it does not hold as unknown, whatever its shape", () => {
    const store = new CallerTasks(() => undefined);
    for (const id of ["nope", 42, undefined]) expect(() => store.get(id)).toThrow(/Unknown task/);
    expect(store.list()).toEqual([]);
  });
});
