// An SDK v2 client as a 2026-07-28 caller of the gateway that declares the tasks extension (or not), with the
// task requests it cannot send itself: the SDK has no task runtime, so its transport carries the host's own task
// seam (tasks-wire.ts), as codeagent's client does. `T` is the shape a test reads of a task.
import { Client, type Transport } from "@modelcontextprotocol/client";
import { z } from "zod";
import { TASK_METHOD_ALIAS, tapTaskWire } from "../../src/core/mcp/connection/tasks-wire.js";

export const TASKS_EXT = "io.modelcontextprotocol/tasks";

const Loose = z.looseObject({});

export const texts = (r: unknown) =>
  ((r as { content?: { text: string }[] }).content ?? []).map((b) => b.text);

export async function openTaskCaller<T, E>(transport: Transport, tasks = true) {
  const wire = tapTaskWire(transport);
  const c = new Client(
    { name: "v2", version: "1" },
    { versionNegotiation: { mode: "auto" }, capabilities: tasks ? { extensions: { [TASKS_EXT]: {} } } : {} },
  );
  await c.connect(transport);
  const send = (method: string, params: Record<string, unknown>) =>
    c.request({ method: `${TASK_METHOD_ALIAS}${method}`, params }, Loose);
  return {
    c,
    /** A call's result, or the task it was answered with. */
    call: async (name: string, args: Record<string, unknown>): Promise<{ result?: unknown; task?: T }> => {
      try {
        return { result: await c.callTool({ name, arguments: args }) };
      } catch (e) {
        const task = wire.taskHandleOf(e);
        if (task === undefined) throw e;
        return { task: task as T };
      }
    },
    get: async (taskId: string) => (await send("tasks/get", { taskId })) as unknown as T,
    update: (taskId: string, inputResponses: Record<string, unknown>) =>
      send("tasks/update", { taskId, inputResponses }),
    cancel: (taskId: string) => send("tasks/cancel", { taskId }),
    send,
    /** The upstream's journal of task messages (the task fixture's `journal` tool, served as `t__journal`). */
    journal: async () => {
      const r = await c.callTool({ name: "t__journal", arguments: {} });
      return JSON.parse(texts(r)[0] as string) as E[];
    },
  };
}
