// Tasks through the small fronts of `codeagent mcp serve`: with `--tools search`, `search_tools` says which
// tools run as tasks and `call_tool` runs one as a task for a caller that asks (2025-11-25 `task`) or declares
// the tasks extension (2026-07-28), passing the task through as a direct call does; with `--tools code`, a
// script simply awaits a task-only upstream tool (the host runs the task to its end). SDK v1 and v2 clients
// over stdio and HTTP; upstream the hand-written task server (test/fixtures/servers/tasks.mjs, 2025 form).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema, CreateTaskResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { TASK_METHOD_ALIAS, tapTaskWire } from "../../src/core/mcp/connection/tasks-wire.js";
import {
  gatewayArgs,
  startGateway,
  type RunningGateway,
  gatewayStdio,
  tasksSetup,
} from "../helpers/gateway.js";

const running: RunningGateway[] = [];
afterEach(async () => {
  for (const g of running.splice(0)) expect(await g.stop()).toBe(0);
});

const texts = (r: unknown) => ((r as { content?: { text: string }[] }).content ?? []).map((b) => b.text);
type Found = { name: string; execution?: { taskSupport: string } };
const found = (r: unknown) => (r as { structuredContent: { tools: Found[] } }).structuredContent.tools;

describe("mcp serve --tools search passes tasks through call_tool", () => {
  it("lists task support, and runs call_tool as a task for a 2025-11-25 caller (stdio)", async () => {
    const { sb, cfg } = tasksSetup();
    const c = new ClientV1({ name: "v1", version: "1" });
    await c.connect(
      new StdioV1({
        command: process.execPath,
        args: gatewayArgs(cfg, ["--tools", "search"]),
        env: sb.env,
        cwd: sb.project,
        stderr: "ignore",
      }),
    );
    const tools = (await c.listTools()).tools;
    expect(tools.find((t) => t.name === "call_tool")?.execution).toEqual({ taskSupport: "optional" });
    const hits = found(await c.callTool({ name: "search_tools", arguments: { query: "research a topic" } }));
    expect(hits.find((t) => t.name === "t__research")?.execution).toEqual({ taskSupport: "optional" });
    const echo = found(await c.callTool({ name: "search_tools", arguments: { query: "echoes text" } }));
    expect(echo.find((t) => t.name === "t__echo")).toMatchObject({ name: "t__echo" });
    expect(echo.find((t) => t.name === "t__echo")?.execution).toBeUndefined();

    const callAsTask = (name: string) =>
      c.request(
        {
          method: "tools/call",
          params: {
            name: "call_tool",
            arguments: { name, arguments: { topic: "tides", text: "x" } },
            task: {},
          },
        },
        CreateTaskResultSchema,
      );
    const { task } = await callAsTask("t__research");
    expect(task.status).toBe("working");
    const api = c as unknown as {
      getTaskResult(p: { taskId: string }, s: typeof CallToolResultSchema): Promise<unknown>;
    };
    expect(texts(await api.getTaskResult({ taskId: task.taskId }, CallToolResultSchema))).toEqual([
      "report on tides",
    ]);
    // As for a direct call: a tool its upstream does not run as a task is not run as one.
    await expect(callAsTask("t__echo")).rejects.toThrow(/does not run as a task/);
    await c.close();
  }, 90_000);

  it("answers call_tool with a task handle for a 2026-07-28 caller that declares the extension (http)", async () => {
    const { sb, cfg } = tasksSetup();
    const gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--no-auth", "--tools", "search"]);
    running.push(gw);
    await expect
      .poll(async () => (await fetch(new URL("/healthz", gw.url))).status, { timeout: 30_000 })
      .toBe(200);
    const transport = new StreamableHTTPClientTransport(new URL(gw.url));
    const wire = tapTaskWire(transport);
    const c = new Client(
      { name: "v2", version: "1" },
      {
        versionNegotiation: { mode: "auto" },
        capabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } },
      },
    );
    await c.connect(transport);
    const handle = await c
      .callTool({ name: "call_tool", arguments: { name: "t__research", arguments: { topic: "reefs" } } })
      .then(
        () => undefined,
        (e: unknown) => wire.taskHandleOf(e),
      );
    expect(handle).toMatchObject({ resultType: "task", status: "working" });
    const get = () =>
      c.request(
        { method: `${TASK_METHOD_ALIAS}tasks/get`, params: { taskId: handle?.taskId } },
        z.looseObject({ status: z.string(), result: z.unknown().optional() }),
      );
    await expect.poll(async () => (await get()).status, { timeout: 30_000, interval: 100 }).toBe("completed");
    expect(texts((await get()).result)).toEqual(["report on reefs"]);
    // A tool that is no task answers at once, through the same call_tool.
    const echo = await c.callTool({
      name: "call_tool",
      arguments: { name: "t__echo", arguments: { text: "hi" } },
    });
    expect(texts(echo)).toEqual(["hi"]);
    await c.close();
  }, 90_000);
});

describe("mcp serve --tools code with a task-only upstream tool", () => {
  it("lists its task support and lets a script await it to its result", async () => {
    const { sb, cfg } = tasksSetup();
    const c = new Client({ name: "v2", version: "1" }, { versionNegotiation: { mode: "auto" } });
    await c.connect(new StdioClientTransport(gatewayStdio(sb, cfg, ["--tools", "code"])));
    const hits = found(await c.callTool({ name: "search_tools", arguments: { query: "research a topic" } }));
    expect(hits.find((t) => t.name === "mcp__t__research")?.execution).toEqual({ taskSupport: "optional" });
    const r = await c.callTool({
      name: "execute_code",
      arguments: {
        code:
          "const a = await tools.mcp__t__research({ topic: 'tides' });" +
          "const b = await tools.mcp__t__research({ topic: 'reefs' });" +
          "return [a, b].join(' / ');",
      },
    });
    expect(r.isError).toBeFalsy();
    expect(texts(r).join("")).toContain("report on tides / report on reefs");
    await c.close();
  }, 90_000);
});
