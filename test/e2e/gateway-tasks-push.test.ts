// A 2025-11-25 upstream's task status pushes pass through `codeagent mcp serve`: the official everything server
// (an SDK v1 task server) tells its client each status change as `notifications/tasks/status`, including
// while its `tasks/result` is open (after it asked its question). The gateway passes each one on to the
// caller's task, so a 2025-11-25 caller sees the stages that come after the question — which no poll of the
// gateway's sees, as its client is waiting in `tasks/result` by then. The SDK v1 client as the caller, over
// stdio, answering the upstream's question.
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  TaskStatusNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ROOT, sandbox } from "../helpers/env.js";
import { gatewayStdio } from "../helpers/gateway.js";

const EVERYTHING = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

type Status = { taskId: string; status: string; statusMessage?: string };

describe("mcp serve: a 2025-11-25 upstream's task status pushes (stdio)", () => {
  it("reach the caller's task, also after the upstream's question", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", {
      mcpServers: { ev: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    const c = new Client({ name: "v1", version: "1" }, { capabilities: { elicitation: {} } });
    const statuses: Status[] = [];
    const asked: string[] = [];
    c.setNotificationHandler(TaskStatusNotificationSchema, (n) => void statuses.push(n.params as Status));
    c.setRequestHandler(ElicitRequestSchema, (r) => {
      asked.push(r.params.message);
      return { action: "accept", content: { interpretation: "snake" } };
    });
    await c.connect(new StdioClientTransport(gatewayStdio(sb, cfg)));
    const { task } = await c.request(
      {
        method: "tools/call",
        params: {
          name: "ev__simulate-research-query",
          arguments: { topic: "python", ambiguous: true },
          task: {},
        },
      },
      CreateTaskResultSchema,
    );
    const result = await (
      c as unknown as {
        getTaskResult(p: { taskId: string }, s: typeof CallToolResultSchema): Promise<unknown>;
      }
    ).getTaskResult({ taskId: task.taskId }, CallToolResultSchema);
    expect((result as { content: { text: string }[] }).content[0]?.text).toContain(
      "# Research Report: python (snake)",
    );
    expect(asked).toEqual([
      expect.stringContaining('The research query "python" could have multiple interpretations'),
    ]);
    await expect
      .poll(() => statuses.filter((s) => s.taskId === task.taskId).at(-1)?.status, { timeout: 20_000 })
      .toBe("completed");
    const said = statuses.filter((s) => s.taskId === task.taskId).map((s) => s.statusMessage);
    // After the answer, only the upstream's pushes tell these.
    expect(said).toEqual(
      expect.arrayContaining(['Continuing with interpretation: "snake"...', "Generating report..."]),
    );
    await c.close();
  }, 90_000);
});
