// Tasks through `codeagent mcp serve` (2025-11-25 `tasks`): a caller's task-augmented `tools/call` to an
// upstream tool that runs as a task gets a task of the gateway's; `tasks/get`, `tasks/list`, `tasks/result`
// and `tasks/cancel` answer for it, the upstream task's status comes as `notifications/tasks/status`, its
// question as an `elicitation/create` to the caller, a cancel reaches the upstream as its `tasks/cancel`, and
// one caller's task ids mean nothing to another. The SDK v1 client over stdio and over HTTP sessions; upstream
// the hand-written task server (test/fixtures/servers/tasks.mjs, 2025-11-25 form).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  TaskStatusNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  startGateway,
  tokenFile,
  type RunningGateway,
  gatewayStdio,
  tasksSetup,
} from "../helpers/gateway.js";

const TOKEN_A = "token-of-caller-a-00000001";
const TOKEN_B = "token-of-caller-b-00000002";

type Status = { taskId: string; status: string; statusMessage?: string };
type Api = {
  getTask(p: { taskId: string }): Promise<Status>;
  listTasks(): Promise<{ tasks: Status[] }>;
  cancelTask(p: { taskId: string }): Promise<Status>;
  getTaskResult(p: { taskId: string }, schema: typeof CallToolResultSchema): Promise<unknown>;
};
const api = (c: Client) => c as unknown as Api;

function watched(c: Client) {
  const statuses: Status[] = [];
  const asked: string[] = [];
  c.setNotificationHandler(TaskStatusNotificationSchema, (n) => void statuses.push(n.params as Status));
  c.setRequestHandler(ElicitRequestSchema, (r) => {
    asked.push(r.params.message);
    return { action: "accept", content: { angle: "economics" } };
  });
  return { statuses, asked };
}

const startTask = (c: Client, name: string, args: Record<string, unknown>) =>
  c.request(
    { method: "tools/call", params: { name, arguments: args, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );

const texts = (r: unknown) => ((r as { content: { text: string }[] }).content ?? []).map((b) => b.text);

async function journal(c: Client): Promise<{ method: string; task?: string }[]> {
  const r = await c.callTool({ name: "t__journal", arguments: {} });
  return JSON.parse(texts(r)[0] as string) as { method: string; task?: string }[];
}

describe("mcp serve passes tasks through (stdio)", () => {
  it("runs a caller's task on the upstream's task, with status, a question, the result and a cancel", async () => {
    const { sb, cfg } = tasksSetup();
    const c = new Client({ name: "v1", version: "1" }, { capabilities: { elicitation: {} } });
    const { statuses, asked } = watched(c);
    await c.connect(new StdioClientTransport(gatewayStdio(sb, cfg)));
    expect(c.getServerCapabilities()?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const tools = (await c.listTools()).tools;
    expect(tools.find((t) => t.name === "t__research")?.execution).toEqual({ taskSupport: "optional" });
    expect(tools.find((t) => t.name === "t__echo")?.execution).toBeUndefined();

    const { task } = await startTask(c, "t__research", { topic: "tides" });
    expect(task.status).toBe("working");
    expect((await api(c).listTasks()).tasks.map((t) => t.taskId)).toContain(task.taskId);
    const result = await api(c).getTaskResult({ taskId: task.taskId }, CallToolResultSchema);
    expect(texts(result)).toEqual(["report on tides"]);
    expect(await api(c).getTask({ taskId: task.taskId })).toMatchObject({ status: "completed" });
    // The upstream task's stages, as this task's status.
    const mine = statuses.filter((s) => s.taskId === task.taskId);
    expect(mine.map((s) => s.statusMessage)).toEqual(
      expect.arrayContaining(["Gathering sources…", "Writing the report…"]),
    );
    await expect
      .poll(() => statuses.filter((s) => s.taskId === task.taskId).at(-1)?.status)
      .toBe("completed");
    // The upstream's task id is not the caller's.
    const upstream = (await journal(c)).find((e) => e.method === "tools/call" && e.task !== undefined);
    expect(upstream?.task).not.toBe(task.taskId);

    // The upstream's question goes to the caller, who answers it.
    const clarify = await startTask(c, "t__clarify", { topic: "tides" });
    const answered = await api(c).getTaskResult({ taskId: clarify.task.taskId }, CallToolResultSchema);
    expect(asked).toEqual(["Which angle should the report take?"]);
    expect(texts(answered)).toEqual(["report on tides (angle economics)"]);

    // A cancel reaches the upstream task.
    const forever = await startTask(c, "t__forever", {});
    await expect
      .poll(async () => (await journal(c)).filter((e) => e.method === "tasks/get").length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(await api(c).cancelTask({ taskId: forever.task.taskId })).toMatchObject({ status: "cancelled" });
    await expect
      .poll(async () => (await journal(c)).some((e) => e.method === "tasks/cancel"), { timeout: 20_000 })
      .toBe(true);
    await expect(api(c).cancelTask({ taskId: forever.task.taskId })).rejects.toThrow(/already cancelled/);
    // A tool the upstream does not run as a task is not called as one.
    await expect(startTask(c, "t__echo", { text: "x" })).rejects.toThrow(/does not run as a task/);
    await c.close();
  }, 90_000);
});

describe("mcp serve passes tasks through (HTTP sessions)", () => {
  let gw: RunningGateway;
  afterAll(async () => {
    expect(await gw.stop()).toBe(0);
  });

  it("keeps each caller's tasks to that caller", async () => {
    const { sb, cfg } = tasksSetup();
    const tokens = tokenFile(sb, [`${TOKEN_A} all`, `${TOKEN_B} all`]);
    gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--token-file", tokens]);
    const open = async (token: string) => {
      const c = new Client({ name: "v1", version: "1" }, { capabilities: { elicitation: {} } });
      const w = watched(c);
      await c.connect(
        new StreamableHTTPClientTransport(new URL(gw.url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      return { c, ...w };
    };
    const a = await open(TOKEN_A);
    const b = await open(TOKEN_B);
    const { task } = await startTask(a.c, "t__research", { topic: "reefs" });
    // Another caller neither sees nor reaches it.
    expect((await api(b.c).listTasks()).tasks).toEqual([]);
    await expect(api(b.c).getTask({ taskId: task.taskId })).rejects.toThrow(/Unknown task/);
    await expect(api(b.c).cancelTask({ taskId: task.taskId })).rejects.toThrow(/Unknown task/);
    await expect(api(b.c).getTaskResult({ taskId: task.taskId }, CallToolResultSchema)).rejects.toThrow(
      /Unknown task/,
    );
    const result = await api(a.c).getTaskResult({ taskId: task.taskId }, CallToolResultSchema);
    expect(texts(result)).toEqual(["report on reefs"]);
    // Status notifications come on the session's own stream, not the result's: they may trail it.
    await expect
      .poll(() => a.statuses.filter((s) => s.taskId === task.taskId).at(-1)?.status)
      .toBe("completed");
    expect(b.statuses).toEqual([]);
    await a.c.close();
    await b.c.close();
  }, 90_000);
});
