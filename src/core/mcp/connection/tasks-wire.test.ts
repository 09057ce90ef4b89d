import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { tapTaskWire } from "./tasks-wire.js";

/** A transport that records what is sent and lets the test deliver messages as the SDK would see them. */
function pipe() {
  const sent: JSONRPCMessage[] = [];
  const t = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (m: JSONRPCMessage) => (sent.push(m), Promise.resolve()),
  } as Transport;
  const wire = tapTaskWire(t);
  const seen: unknown[] = [];
  // What connect() does: the SDK's handler runs after the one already set.
  const tapped = t.onmessage!;
  t.onmessage = (m, extra) => {
    tapped(m, extra);
    seen.push(structuredClone(m));
  };
  const deliver = (m: unknown) => t.onmessage!(m as JSONRPCMessage);
  return { t, wire, sent, seen, deliver };
}

const handle = { resultType: "task", taskId: "t1", status: "working" };

describe("tapTaskWire", () => {
  it("turns a tools/call answered with a task handle into a marked error that gives the handle back", async () => {
    const { t, wire, seen, deliver } = pipe();
    await t.send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x" } });
    deliver({ jsonrpc: "2.0", id: 7, result: handle });
    const seenByTheSdk = seen[0] as { error: { code: number; message: string; data: unknown } };
    expect(seenByTheSdk).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32099, message: "the server answered with a task", data: expect.anything() as unknown },
    });
    const { error } = seenByTheSdk;
    const e = Object.assign(new Error(error.message), { code: error.code, data: error.data });
    // Wrapped as the SDK's multi-round-trip engine may wrap it.
    expect([wire.taskHandleOf(e), wire.taskHandleOf(new Error("retry failed", { cause: e }))]).toEqual([
      handle,
      handle,
    ]);
  });

  it("leaves other answers alone, and an error that merely looks like the stand-in is no handle", async () => {
    const { t, wire, seen, deliver } = pipe();
    await t.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } });
    await t.send({ jsonrpc: "2.0", id: 2, method: "prompts/get", params: { name: "x" } });
    deliver({ jsonrpc: "2.0", id: 1, result: { resultType: "complete", content: [] } });
    deliver({ jsonrpc: "2.0", id: 2, result: handle }); // not a method that may create tasks
    expect(seen).toEqual([
      { jsonrpc: "2.0", id: 1, result: { resultType: "complete", content: [] } },
      { jsonrpc: "2.0", id: 2, result: handle },
    ]);
    const forged = Object.assign(new Error("x"), {
      code: -32099,
      data: { taskHandle: handle, marker: "guess" },
    });
    expect(wire.taskHandleOf(forged)).toBeUndefined();
  });

  it("sends aliased task methods under their real names, and nothing else changes", async () => {
    const { t, sent } = pipe();
    await t.send({ jsonrpc: "2.0", id: 3, method: "codeagent/tasks/get", params: { taskId: "t1" } });
    await t.send({ jsonrpc: "2.0", id: 4, method: "codeagent/other", params: {} });
    expect(sent).toEqual([
      { jsonrpc: "2.0", id: 3, method: "tasks/get", params: { taskId: "t1" } },
      { jsonrpc: "2.0", id: 4, method: "codeagent/other", params: {} },
    ]);
  });

  it("routes progress on a registered token to its listener and keeps it from the SDK until unregistered", () => {
    const { wire, seen, deliver } = pipe();
    const got: unknown[] = [];
    const stop = wire.onProgress("tok", (p) => got.push(p));
    const progress = (token: string) => ({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: token, progress: 1, total: 3, message: "one" },
    });
    deliver(progress("tok"));
    deliver(progress("other"));
    stop();
    deliver(progress("tok"));
    expect(got).toEqual([{ progress: 1, total: 3, message: "one" }]);
    expect(seen.map((m) => (m as { method: string }).method)).toEqual([
      "codeagent/notifications/progress",
      "notifications/progress",
      "notifications/progress",
    ]);
  });

  it("hands a task's status notifications to its listener until unregistered", () => {
    const { wire, seen, deliver } = pipe();
    const got: unknown[] = [];
    const stop = wire.onTaskStatus("t1", (st) => got.push(st));
    const status = (taskId: string, statusMessage: string) => ({
      jsonrpc: "2.0",
      method: "notifications/tasks/status",
      params: { taskId, status: "working", statusMessage },
    });
    deliver(status("t1", "one"));
    deliver(status("t2", "other"));
    stop();
    deliver(status("t1", "late"));
    expect(got).toEqual([{ taskId: "t1", status: "working", statusMessage: "one" }]);
    expect(seen).toHaveLength(3);
  });
});
