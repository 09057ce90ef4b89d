// Tasks through `codeagent mcp serve` for stateless 2026-07-28 callers (the tasks extension,
// `io.modelcontextprotocol/tasks`): a caller that declares the extension and calls a tool its upstream runs as
// a task gets a task handle (`resultType: "task"`), finds the task again on later, unrelated requests with
// `tasks/get` (its result inline once done), answers the upstream's question through `tasks/update`, and
// ends it with `tasks/cancel`, which reaches the upstream. Tasks belong to the caller's identity: another
// token's caller cannot read, answer or cancel them. The SDK v2 client over stdio and stateless HTTP; it has
// no task runtime, so its transport carries the host's own task seam (tasks-wire.ts), as codeagent's client
// does. Upstream the hand-written task server (test/fixtures/servers/tasks.mjs, 2025-11-25 form).
import { StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { openTaskCaller, texts, TASKS_EXT as EXT } from "../helpers/task-caller.js";
import {
  startGateway,
  tokenFile,
  type RunningGateway,
  gatewayStdio,
  tasksSetup,
} from "../helpers/gateway.js";

const TOKEN_A = "token-of-caller-a-00000001";
const TOKEN_B = "token-of-caller-b-00000002";

const running: RunningGateway[] = [];
afterEach(async () => {
  for (const g of running.splice(0)) expect(await g.stop()).toBe(0);
});

type Task = {
  resultType?: string;
  taskId: string;
  status: string;
  statusMessage?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  inputRequests?: Record<string, { method: string; params: { message?: string } }>;
  result?: { content: { text: string }[] };
};

const open = (transport: Transport, tasks = true) =>
  openTaskCaller<Task, { method: string; task?: string }>(transport, tasks);
type Caller = Awaited<ReturnType<typeof open>>;

/** Polls `tasks/get` until the task is in one of `statuses`. */
async function until(c: Caller, taskId: string, ...statuses: string[]): Promise<Task> {
  let last: Task | undefined;
  await expect
    .poll(
      async () => {
        last = await c.get(taskId);
        return statuses.includes(last.status);
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return last as Task;
}

async function viaStdio(): Promise<{ open: (tasks?: boolean) => Promise<Caller> }> {
  const { sb, cfg } = tasksSetup();
  const transport = () => new StdioClientTransport(gatewayStdio(sb, cfg));
  return { open: (tasks = true) => open(transport(), tasks) };
}

async function viaHttp(): Promise<{ open: (tasks?: boolean, token?: string) => Promise<Caller> }> {
  const { sb, cfg } = tasksSetup();
  const tokens = tokenFile(sb, [`${TOKEN_A} all`, `${TOKEN_B} all`]);
  const gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--token-file", tokens, "--replica", "a"]);
  running.push(gw);
  await expect
    .poll(async () => (await fetch(new URL("/healthz", gw.url))).status, { timeout: 30_000 })
    .toBe(200);
  return {
    open: (tasks = true, token = TOKEN_A) =>
      open(
        new StreamableHTTPClientTransport(new URL(gw.url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
        tasks,
      ),
  };
}

describe.each(["stdio", "http"] as const)("mcp serve: tasks for 2026-07-28 callers (%s)", (over) => {
  it("answers a task tool with a task, polled to its result, asked, answered and cancelled", async () => {
    const gw = over === "stdio" ? await viaStdio() : await viaHttp();
    const c = await gw.open();
    expect(c.c.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(c.c.getServerCapabilities()?.extensions).toEqual({ [EXT]: {} });

    const { task } = await c.call("t__research", { topic: "tides" });
    expect(task).toMatchObject({
      resultType: "task",
      status: "working",
      ttlMs: 600_000,
      pollIntervalMs: 500,
    });
    // Over HTTP the id names the replica, for a proxy to route `tasks/*` by their Mcp-Name header.
    if (over === "http") expect(task?.taskId).toMatch(/^a\./);
    const id = task?.taskId as string;
    const done = await until(c, id, "completed", "failed", "cancelled");
    expect(done.status).toBe("completed");
    expect(texts(done.result)).toEqual(["report on tides"]);
    // The upstream ran it as its own task, under an id that is not the caller's.
    const upstream = (await c.journal()).find((e) => e.method === "tools/call" && e.task !== undefined);
    expect(upstream?.task).toBeDefined();
    expect(upstream?.task).not.toBe(id);

    // The upstream's question waits in the task until the caller answers it with tasks/update.
    const clarify = (await c.call("t__clarify", { topic: "tides" })).task as Task;
    const asking = await until(c, clarify.taskId, "input_required");
    const [key, question] = Object.entries(asking.inputRequests ?? {})[0] ?? [];
    expect(question).toMatchObject({
      method: "elicitation/create",
      params: { message: "Which angle should the report take?" },
    });
    expect(
      await c.update(clarify.taskId, {
        [key as string]: { action: "accept", content: { angle: "economics" } },
      }),
    ).toBeDefined();
    const answered = await until(c, clarify.taskId, "completed", "failed", "cancelled");
    expect(texts(answered.result)).toEqual(["report on tides (angle economics)"]);

    // A cancel reaches the upstream task.
    const forever = (await c.call("t__forever", {})).task as Task;
    await expect
      .poll(async () => (await c.journal()).filter((e) => e.method === "tasks/get").length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await c.cancel(forever.taskId);
    expect((await c.get(forever.taskId)).status).toBe("cancelled");
    await expect
      .poll(async () => (await c.journal()).some((e) => e.method === "tasks/cancel"), { timeout: 20_000 })
      .toBe(true);

    // An upstream task that fails is a tool error: the task completes with it (`failed` is for JSON-RPC errors).
    const doomed = (await c.call("t__doomed", {})).task as Task;
    const fell = await until(c, doomed.taskId, "completed", "failed", "cancelled");
    expect(fell).toMatchObject({ status: "completed", result: { isError: true } });
    // The 2025-11-25 methods are not the extension's (the SDK itself refuses them in this era).
    await expect(c.send("tasks/list", {})).rejects.toThrow(/Method not found|not served here/);
    await expect(c.send("tasks/result", { taskId: doomed.taskId })).rejects.toThrow(
      /Method not found|not served here/,
    );

    // Unknown ids are clear errors; a tool the upstream does not run as a task answers at once.
    await expect(c.get("no-such-task")).rejects.toThrow(/Unknown task: no-such-task/);
    await expect(c.cancel("no-such-task")).rejects.toThrow(/Unknown task/);
    expect(texts((await c.call("t__echo", { text: "hi" })).result)).toEqual(["hi"]);
    await c.c.close();

    // A caller that does not declare the extension never gets a task: the gateway runs the call to its end.
    const plain = await gw.open(false);
    const r = await plain.call("t__research", { topic: "reefs" });
    expect(r.task).toBeUndefined();
    expect(texts(r.result)).toEqual(["report on reefs"]);
    await plain.c.close();
  }, 120_000);
});

describe("mcp serve: a stateless caller's tasks are its own (http)", () => {
  it("finds a task on a later connection of the same caller, and never for another token", async () => {
    const gw = await viaHttp();
    const a = await gw.open(true, TOKEN_A);
    const b = await gw.open(true, TOKEN_B);
    const task = (await a.call("t__forever", {})).task as Task;
    await expect(b.get(task.taskId)).rejects.toThrow(/Unknown task/);
    await expect(b.update(task.taskId, { q1: { action: "decline" } })).rejects.toThrow(/Unknown task/);
    await expect(b.cancel(task.taskId)).rejects.toThrow(/Unknown task/);
    // Nothing ties the task to a's connection: a new one of the same caller reaches it.
    await a.c.close();
    const again = await gw.open(true, TOKEN_A);
    expect((await again.get(task.taskId)).status).toBe("working");
    await again.cancel(task.taskId);
    expect((await again.get(task.taskId)).status).toBe("cancelled");
    await again.c.close();
    await b.c.close();
  }, 90_000);
});
