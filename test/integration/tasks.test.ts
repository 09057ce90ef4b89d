// Tools that run as tasks (§7) through the manager, in both eras, against the hand-written task server
// (test/fixtures/servers/tasks.mjs): the 2026-07-28 tasks extension over stdio and Streamable HTTP, and the
// 2025-11-25 experimental form over stdio. Polling, status and progress, the result, input requests answered
// mid-task, failed tasks, and `tasks/cancel` on Ctrl-C and on the total cap, checked on the server's side.
import { spawn, type ChildProcess } from "node:child_process";
import type { Progress } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ElicitQueue } from "../../src/cli/interactive/elicit-queue.js";
import { askingClients } from "../../src/core/mcp/connection/elicitation.js";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { fixture, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
  for (const c of children.splice(0)) c.kill();
});

const stdio = (era: "modern" | "legacy") => ({
  command: process.execPath,
  args: [fixture("tasks.mjs"), "stdio", era],
});

function startHttp(): Promise<{ url: string }> {
  const child = spawn(process.execPath, [fixture("tasks.mjs"), "http", "modern"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}/mcp` });
    });
    child.on("exit", (code) => reject(new Error(`tasks.mjs http exited ${code}: ${out}`)));
  });
}

const text = (r: Record<string, unknown>) =>
  ((r.content as { type: string; text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");

async function started(servers: Record<string, unknown>, extra: Parameters<typeof managerFor>[2] = {}) {
  const m = managerFor(sandbox(), servers, extra);
  managers.push(m);
  await m.start({ waitMs: 20_000 });
  return m;
}

type Entry = { method: string; task?: string; tool?: string; mcpName?: string; inputResponses?: unknown };
async function journal(m: McpManager, server: string): Promise<Entry[]> {
  return JSON.parse(text(await m.callTool(server, "journal", {}))) as Entry[];
}

const eras = [
  ["2026-07-28 extension, stdio", "modern", () => Promise.resolve(stdio("modern"))],
  ["2026-07-28 extension, http", "modern", async () => ({ url: (await startHttp()).url })],
  ["2025-11-25 experimental, stdio", "legacy", () => Promise.resolve(stdio("legacy"))],
] as const;

describe.each(eras)("tasks: %s", (_label, era, config) => {
  it("polls the task to the end, shows its status as progress, and returns the tool's result", async () => {
    const m = await started({ t: await config() });
    expect(m.snapshot("t").lists.tools.map((t) => t.name)).toContain("research");
    expect(m.snapshot("t").info?.era).toBe(era);
    const progress: Progress[] = [];
    const r = await m.callTool("t", "research", { topic: "tides" }, { onProgress: (p) => progress.push(p) });
    expect(r.content).toEqual([{ type: "text", text: "report on tides" }]);
    expect(progress.map((p) => p.message)).toEqual(
      expect.arrayContaining(["task working: Gathering sources…", "task completed: Done"]),
    );
    if (era === "legacy") {
      // The server's own progress on the call's token, which outlives the tools/call answer on 2025 tasks.
      expect(progress).toContainEqual({ progress: 1, total: 3, message: "Gathering sources" });
      // Status lines keep the server's last figures.
      expect(progress).toContainEqual({ progress: 3, total: 3, message: "task completed: Done" });
    }
    expect(
      m
        .log("t")
        .lines()
        .filter((l) => /unknown token|transport error/.test(l.text)),
    ).toEqual([]);
    const seen = await journal(m, "t");
    const gets = seen.filter((e) => e.method === "tasks/get");
    expect(gets.length).toBeGreaterThan(0);
    expect(seen.map((e) => e.method)).toContain(era === "modern" ? "tasks/get" : "tasks/result");
    if (era === "modern") expect(seen.map((e) => e.method)).not.toContain("tasks/result");
  });

  it("a failed task is a clear error naming the task and the server's reason", async () => {
    const m = await started({ t: await config() });
    await expect(m.callTool("t", "doomed", {})).rejects.toMatchObject({
      code: "PROTOCOL_ERROR",
      message: expect.stringContaining("the research backend is down") as unknown,
    });
  });

  it("Ctrl-C sends tasks/cancel, and the server receives it", async () => {
    const m = await started({ t: await config() });
    const abort = new AbortController();
    const call = m.callTool("t", "forever", {}, { signal: abort.signal });
    await vi.waitFor(
      () =>
        expect(
          m
            .log("t")
            .lines()
            .some((l) => l.text.includes("started for forever")),
        ).toBe(true),
      { timeout: 15_000 },
    );
    abort.abort();
    await expect(call).rejects.toMatchObject({ code: "CANCELLED" });
    const seen = await journal(m, "t");
    const task = seen.find((e) => e.method === "tools/call" && e.tool === "forever")?.task;
    expect(task).toBeDefined();
    expect(seen).toContainEqual({ method: "tasks/cancel", task });
  });

  it("the total cap ends the task with a timeout naming maxTotalTimeoutMs, and cancels it", async () => {
    const m = await started({ t: await config() });
    const call = m.callTool("t", "forever", {}, { maxTotalTimeoutMs: 1500 });
    await expect(call).rejects.toMatchObject({
      code: "CALL_TIMEOUT",
      message: expect.stringContaining("maxTotalTimeoutMs") as unknown,
    });
    const seen = await journal(m, "t");
    expect(seen.map((e) => e.method)).toContain("tasks/cancel");
  });
});

describe("tasks: the server asks mid-task", () => {
  it("2026-07-28, headless: the elicitation in inputRequests is declined and answered with tasks/update", async () => {
    const m = await started({ t: stdio("modern") });
    const r = await m.callTool("t", "clarify", { topic: "tides" });
    expect(text(r)).toBe("report on tides (the user chose decline)");
    const update = (await journal(m, "t")).find((e) => e.method === "tasks/update");
    expect(update?.inputResponses).toEqual({ angle: { action: "decline" } });
  });

  it.each([
    ["2026-07-28", stdio("modern")],
    ["2025-11-25", stdio("legacy")],
  ])(
    "%s, with a person: the form is shown once, and the answer (defaults filled in) reaches the task",
    async (_e, server) => {
      const queue = new ElicitQueue(() => true);
      const m = await started(
        { t: server },
        askingClients((s) => queue.handler(s)),
      );
      const call = m.callTool("t", "clarify", { topic: "tides" });
      await vi.waitFor(() => expect(queue.current()).toBeDefined(), { timeout: 15_000 });
      const p = queue.current()!;
      expect(p).toMatchObject({ server: "t", mode: "form", message: "Which angle should the report take?" });
      queue.answer(p.id, { action: "accept", content: {} });
      const r = await call;
      expect(text(r)).toBe("report on tides (angle history)");
      expect(queue.current()).toBeUndefined();
    },
  );
});

describe("tasks: 2026-07-28 over HTTP", () => {
  it("sets Mcp-Name to the task id on tasks/get", async () => {
    const { url } = await startHttp();
    const m = await started({ t: { url } });
    await m.callTool("t", "research", { topic: "tides" });
    const gets = (await journal(m, "t")).filter((e) => e.method === "tasks/get");
    expect(gets.length).toBeGreaterThan(0);
    for (const g of gets) expect(g.mcpName).toBe(g.task);
  });
});
