// A 2025-11-25 caller's task on a 2026-07-28 upstream, through `codeagent mcp serve`: the upstream decides per
// call whether to answer with a task (the tasks extension), so every tool of such a server is listed as one a
// 2025-era caller may call with `task`. The caller's task runs on the upstream's own task: its status changes
// reach the caller as `notifications/tasks/status`, its question as an `elicitation/create` related to the task,
// the caller's cancel as the upstream's `tasks/cancel`. The SDK v1 client over stdio and an HTTP session;
// upstream the hand-written task server in its 2026-07-28 form (no SDK speaks the extension).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  TaskStatusNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { gatewayStdio, startGateway, tokenFile, type RunningGateway } from "../helpers/gateway.js";

const TOKEN = "token-of-caller-a-00000001";

const running: RunningGateway[] = [];
afterEach(async () => {
  for (const g of running.splice(0)) expect(await g.stop()).toBe(0);
});

type Status = { taskId: string; status: string; statusMessage?: string };
type Api = {
  getTask(p: { taskId: string }): Promise<Status>;
  cancelTask(p: { taskId: string }): Promise<Status>;
  getTaskResult(p: { taskId: string }, schema: typeof CallToolResultSchema): Promise<unknown>;
};
const api = (c: Client) => c as unknown as Api;
const texts = (r: unknown) => ((r as { content: { text: string }[] }).content ?? []).map((b) => b.text);

async function transport(over: "stdio" | "http"): Promise<Transport> {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", {
    mcpServers: { t: nodeServer("tasks.mjs", {}, { args: [fixture("tasks.mjs"), "stdio", "modern"] }) },
  });
  if (over === "stdio") return new StdioClientTransport(gatewayStdio(sb, cfg));
  const gw = await startGateway(sb, cfg, [
    "--http",
    "127.0.0.1:0",
    "--token-file",
    tokenFile(sb, [`${TOKEN} all`]),
  ]);
  running.push(gw);
  return new StreamableHTTPClientTransport(new URL(gw.url), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
  });
}

describe.each(["stdio", "http"] as const)(
  "mcp serve: a 2025-11-25 caller's task on a 2026-07-28 upstream (%s)",
  (over) => {
    it("runs on the upstream's task, with its status pushed, its question asked and the cancel passed on", async () => {
      const c = new Client({ name: "v1", version: "1" }, { capabilities: { elicitation: {} } });
      const statuses: Status[] = [];
      const asked: unknown[] = [];
      c.setNotificationHandler(TaskStatusNotificationSchema, (n) => void statuses.push(n.params as Status));
      c.setRequestHandler(ElicitRequestSchema, (r) => {
        asked.push(r.params);
        return { action: "accept", content: { angle: "economics" } };
      });
      await c.connect(await transport(over));
      expect(c.getServerVersion()?.name).toBe("codeagent-gateway");
      const tools = (await c.listTools()).tools;
      expect(tools.find((t) => t.name === "t__research")?.execution).toEqual({ taskSupport: "optional" });
      const journal = async () =>
        JSON.parse(texts(await c.callTool({ name: "t__journal", arguments: {} }))[0] as string) as {
          method: string;
          task?: string;
        }[];
      const start = (name: string, args: Record<string, unknown>) =>
        c.request(
          { method: "tools/call", params: { name, arguments: args, task: {} } },
          CreateTaskResultSchema,
        );

      const { task } = await start("t__research", { topic: "tides" });
      const result = await api(c).getTaskResult({ taskId: task.taskId }, CallToolResultSchema);
      expect(texts(result)).toEqual(["report on tides"]);
      // Every stage of the upstream's task reached the caller as a status notification of its task.
      await expect
        .poll(() => statuses.filter((s) => s.taskId === task.taskId).at(-1)?.status)
        .toBe("completed");
      const seen = statuses.filter((s) => s.taskId === task.taskId).map((s) => s.statusMessage);
      expect(seen).toEqual(
        expect.arrayContaining(["Gathering sources…", "Analyzing content…", "Writing the report…"]),
      );
      const up = (await journal()).find((e) => e.method === "tools/call" && e.task !== undefined)?.task;
      expect(up).toBeDefined();
      expect(up).not.toBe(task.taskId);

      // The upstream's question, asked in its task, goes to the caller related to the caller's task.
      const clarify = await start("t__clarify", { topic: "tides" });
      const answered = await api(c).getTaskResult({ taskId: clarify.task.taskId }, CallToolResultSchema);
      expect(texts(answered)).toEqual(["report on tides (angle economics)"]);
      expect(asked).toEqual([
        expect.objectContaining({
          message: "Which angle should the report take?",
          _meta: { "io.modelcontextprotocol/related-task": { taskId: clarify.task.taskId } },
        }),
      ]);
      expect(statuses.filter((s) => s.taskId === clarify.task.taskId).map((s) => s.status)).toContain(
        "input_required",
      );

      // The caller's cancel reaches the upstream's task.
      const forever = await start("t__forever", {});
      await expect
        .poll(async () => (await journal()).some((e) => e.method === "tasks/get"), { timeout: 20_000 })
        .toBe(true);
      expect(await api(c).cancelTask({ taskId: forever.task.taskId })).toMatchObject({ status: "cancelled" });
      await expect
        .poll(async () => (await journal()).some((e) => e.method === "tasks/cancel"), { timeout: 20_000 })
        .toBe(true);
      await c.close();
    }, 90_000);
  },
);
