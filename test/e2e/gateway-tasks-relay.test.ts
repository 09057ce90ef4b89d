// Tasks of 2026-07-28 upstreams pass through `codeagent mcp serve` (the tasks extension,
// `io.modelcontextprotocol/tasks`): when the upstream answers a call with a task, a stateless caller that
// declared the extension gets that task under an id of its own, and each of its `tasks/get`, `tasks/update` and
// `tasks/cancel` reaches the upstream's task — nothing runs it to its end inside the gateway. The fixture moves
// a task one stage along each time it is looked at, so the stages a caller sees, one per `tasks/get`, and the
// upstream's journal (one `tasks/get` per caller's, under the upstream's id) show that no copy polls in between.
// A caller that does not declare the extension gets the final result, as before; another token's caller cannot
// reach the task. The SDK v2 client over stdio and stateless HTTP (with the host's task seam, tasks-wire.ts, as
// it has no task runtime); upstream the hand-written task server in its 2026-07-28 form (no SDK speaks the
// extension: test/fixtures/servers/tasks.mjs), over stdio and over stateless HTTP (where each relayed request
// names the upstream's task in `Mcp-Name`, as the extension asks).
import { StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { openTaskCaller, texts } from "../helpers/task-caller.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { gatewayStdio, startGateway, tokenFile, type RunningGateway } from "../helpers/gateway.js";

const TOKEN_A = "token-of-caller-a-00000001";
const TOKEN_B = "token-of-caller-b-00000002";

const running: RunningGateway[] = [];
const upstreams: ChildProcess[] = [];
afterEach(async () => {
  for (const g of running.splice(0)) expect(await g.stop()).toBe(0);
  for (const u of upstreams.splice(0)) u.kill();
});

/** The task fixture over stateless HTTP, as an upstream: its URL. */
function httpUpstream(): Promise<string> {
  const child = spawn(process.execPath, [fixture("tasks.mjs"), "http", "modern"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  upstreams.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}/mcp`);
    });
    child.on("exit", (code) => reject(new Error(`tasks.mjs http exited ${code}: ${out}`)));
  });
}

/** A sandbox whose one server, `t`, is the task fixture in its 2026-07-28 form. */
function modernSetup() {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", {
    mcpServers: { t: nodeServer("tasks.mjs", {}, { args: [fixture("tasks.mjs"), "stdio", "modern"] }) },
  });
  return { sb, cfg };
}

type Task = {
  resultType?: string;
  taskId: string;
  status: string;
  statusMessage?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  inputRequests?: Record<string, { method: string; params: { message?: string; _meta?: unknown } }>;
  result?: { content: { text: string }[]; isError?: boolean };
  error?: { code: number; message: string };
};
type Entry = { method: string; task?: string; inputResponses?: unknown; mcpName?: string };

const open = (transport: Transport, tasks = true) => openTaskCaller<Task, Entry>(transport, tasks);
type Caller = Awaited<ReturnType<typeof open>>;

/** The upstream id of the task the upstream created last, for `tool`. */
async function upstreamId(c: Caller, tool: string): Promise<string> {
  const made = (await c.journal()).filter((e) => e.method === "tools/call" && e.task !== undefined);
  const last = made.filter((e) => (e as { tool?: string }).tool === tool).at(-1);
  return last?.task as string;
}

async function gateway(over: "stdio" | "http") {
  const { sb, cfg } = modernSetup();
  if (over === "stdio")
    return { open: (tasks = true) => open(new StdioClientTransport(gatewayStdio(sb, cfg)), tasks) };
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

describe.each(["stdio", "http"] as const)(
  "mcp serve: a 2026-07-28 upstream's tasks pass through (%s)",
  (over) => {
    it("relays each get, update and cancel to the upstream's own task", async () => {
      const gw = await gateway(over);
      const c = await gw.open();

      const { task } = await c.call("t__research", { topic: "tides" });
      expect(task).toMatchObject({ resultType: "task", status: "working", statusMessage: "Starting" });
      expect(task?.ttlMs).toBe(60_000);
      expect(task?.pollIntervalMs).toBe(100);
      const id = task?.taskId as string;
      if (over === "http") expect(id).toMatch(/^a\./);
      const up = await upstreamId(c, "research");
      expect(up).not.toBe(id);
      // Each look moves the upstream task one stage: the caller sees every stage, so nothing polled in between.
      const seen: [string, string | undefined][] = [];
      for (let i = 0; i < 4; i++) {
        const t = await c.get(id);
        expect(t.taskId).toBe(id);
        seen.push([t.status, t.statusMessage]);
        if (t.status === "completed") expect(texts(t.result)).toEqual(["report on tides"]);
      }
      expect(seen).toEqual([
        ["working", "Gathering sources…"],
        ["working", "Analyzing content…"],
        ["working", "Writing the report…"],
        ["completed", "Done"],
      ]);
      const gets = (await c.journal()).filter((e) => e.method === "tasks/get" && e.task === up);
      expect(gets).toHaveLength(4);

      // The upstream's question, under its own key, and the caller's answer reach the upstream's task.
      const clarify = (await c.call("t__clarify", { topic: "tides" })).task as Task;
      const clarifyUp = await upstreamId(c, "clarify");
      expect((await c.get(clarify.taskId)).status).toBe("working");
      const asking = await c.get(clarify.taskId);
      expect(asking).toMatchObject({
        status: "input_required",
        inputRequests: {
          angle: { method: "elicitation/create", params: { message: "Which angle should the report take?" } },
        },
      });
      const answer = { action: "accept", content: { angle: "economics" } };
      await c.update(clarify.taskId, { angle: answer });
      expect((await c.journal()).filter((e) => e.method === "tasks/update")).toEqual([
        { method: "tasks/update", task: clarifyUp, inputResponses: { angle: answer } },
      ]);
      expect(await c.get(clarify.taskId)).toMatchObject({
        status: "working",
        statusMessage: "Writing the report…",
      });
      const answered = await c.get(clarify.taskId);
      expect(answered.status).toBe("completed");
      expect(texts(answered.result)).toEqual(["report on tides (angle economics)"]);

      // A cancel reaches the upstream's task, and the caller then reads the upstream's own status.
      const forever = (await c.call("t__forever", {})).task as Task;
      const foreverUp = await upstreamId(c, "forever");
      await c.cancel(forever.taskId);
      expect((await c.journal()).filter((e) => e.method === "tasks/cancel")).toEqual([
        { method: "tasks/cancel", task: foreverUp },
      ]);
      expect(await c.get(forever.taskId)).toMatchObject({
        status: "cancelled",
        statusMessage: "Cancelled by the client",
      });

      // A failed upstream task fails for the caller too, without the upstream's words.
      const doomed = (await c.call("t__doomed", {})).task as Task;
      const fell = await c.get(doomed.taskId);
      expect(fell.status).toBe("failed");
      expect(fell.error).toEqual({ code: -32603, message: "the task failed on its upstream server" });
      expect(fell.statusMessage).toBeUndefined();

      await expect(c.get("no-such-task")).rejects.toThrow(/Unknown task: no-such-task/);
      expect(texts((await c.call("t__echo", { text: "hi" })).result)).toEqual(["hi"]);
      await c.c.close();

      // A caller that does not declare the extension gets the final result: the gateway runs the upstream task.
      const plain = await gw.open(false);
      const r = await plain.call("t__research", { topic: "reefs" });
      expect(r.task).toBeUndefined();
      expect(texts(r.result)).toEqual(["report on reefs"]);
      await plain.c.close();
    }, 120_000);
  },
);

describe("mcp serve: a relayed task is its caller's (http)", () => {
  it("is reached from the caller's next connection, and never by another token", async () => {
    const { sb, cfg } = modernSetup();
    const tokens = tokenFile(sb, [`${TOKEN_A} all`, `${TOKEN_B} all`]);
    const gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--token-file", tokens]);
    running.push(gw);
    const at = (token: string) =>
      open(
        new StreamableHTTPClientTransport(new URL(gw.url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
    const a = await at(TOKEN_A);
    const b = await at(TOKEN_B);
    const task = (await a.call("t__forever", {})).task as Task;
    await expect(b.get(task.taskId)).rejects.toThrow(/Unknown task/);
    await expect(b.update(task.taskId, { angle: { action: "decline" } })).rejects.toThrow(/Unknown task/);
    await expect(b.cancel(task.taskId)).rejects.toThrow(/Unknown task/);
    expect((await b.journal()).filter((e) => e.method !== "tools/call")).toEqual([]);
    await a.c.close();
    const again = await at(TOKEN_A);
    expect((await again.get(task.taskId)).status).toBe("working");
    await again.cancel(task.taskId);
    expect((await again.get(task.taskId)).status).toBe("cancelled");
    await again.c.close();
    await b.c.close();
  }, 90_000);
});

describe("mcp serve --tools search: call_tool passes a 2026-07-28 upstream's task through (stdio)", () => {
  it("marks the tool as one that may run as a task, and relays its task", async () => {
    const { sb, cfg } = modernSetup();
    const c = await open(new StdioClientTransport(gatewayStdio(sb, cfg, ["--tools", "search"])));
    const found = (await c.c.callTool({
      name: "search_tools",
      arguments: { query: "research a topic" },
    })) as {
      structuredContent?: { tools: { name: string; execution?: unknown }[] };
    };
    expect(found.structuredContent?.tools.find((t) => t.name === "t__research")?.execution).toEqual({
      taskSupport: "optional",
    });
    const { task } = await c.call("call_tool", { name: "t__research", arguments: { topic: "tides" } });
    expect(task?.status).toBe("working");
    expect(await c.get(task?.taskId as string)).toMatchObject({
      status: "working",
      statusMessage: "Gathering sources…",
    });
    await c.c.close();
  }, 60_000);
});

describe("mcp serve: a relayed task on an HTTP upstream (stdio caller)", () => {
  it("sends each relayed request with the upstream's task id in Mcp-Name, for the upstream's own routing", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", {
      mcpServers: { t: { type: "http", url: await httpUpstream() } },
    });
    const c = await open(new StdioClientTransport(gatewayStdio(sb, cfg)));
    const { task } = await c.call("t__research", { topic: "tides" });
    const id = task?.taskId as string;
    const up = await upstreamId(c, "research");
    let last: Task | undefined;
    for (let i = 0; i < 4; i++) last = await c.get(id);
    expect(last?.status).toBe("completed");
    expect(texts(last?.result)).toEqual(["report on tides"]);
    const gets = (await c.journal()).filter((e) => e.method === "tasks/get");
    expect(gets).toEqual(Array.from({ length: 4 }, () => ({ method: "tasks/get", task: up, mcpName: up })));
    await c.c.close();
  }, 60_000);
});
