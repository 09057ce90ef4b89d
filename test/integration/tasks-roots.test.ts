// Task-only tools (§7) and roots (§9) against the official everything server over stdio: it registers
// `simulate-research-query` with `execution.taskSupport: "required"`, and `get-roots-list` for a client
// that declares roots.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ElicitQueue } from "../../src/cli/interactive/elicit-queue.js";
import { askingClients } from "../../src/core/mcp/connection/elicitation.js";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const ROOT = join(import.meta.dirname, "../..");
const EVERYTHING = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const everything = { command: process.execPath, args: [EVERYTHING, "stdio"] };

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

const text = (r: Record<string, unknown>) =>
  ((r.content as { type: string; text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");

describe("server-everything: tasks and roots", () => {
  // One call checks both what the call does and what it shows while it runs: the tool takes seconds of the
  // server's own time, so a call per check would only wait twice as long.
  it("calls a task-only tool as a task (tools/call with task, tasks/get until done, tasks/result) and shows its status messages as progress", async () => {
    const m = managerFor(sandbox(), { ev: everything });
    managers.push(m);
    await m.start({ waitMs: 20_000 });
    expect(m.snapshot("ev").lists.tools.some((t) => t.name === "simulate-research-query")).toBe(true);
    const seen: string[] = [];
    const r = await m.callTool(
      "ev",
      "simulate-research-query",
      { topic: "roots" },
      {
        onProgress: (p) => seen.push(p.message ?? ""),
      },
    );
    expect(text(r)).toContain("Status progressed: `working` → `completed`");
    const events = m
      .log("ev")
      .lines()
      .map((l) => l.text.replace(/task \w+/, "task ID"));
    expect(events).toEqual(
      expect.arrayContaining(["task ID started for simulate-research-query (working)", "task ID completed"]),
    );
    // The server holds each of its four stages for a second and asks to be polled every second, so which
    // stages a poll lands on depends on timing: the lines shown are some of them, in the stages' order.
    const stages = ["Gathering sources", "Analyzing content", "Synthesizing findings", "Generating report"];
    const order = seen.map((line) =>
      stages.findIndex((s) => line === `task working: ${s}...` || line === `task completed: ${s}...`),
    );
    expect({
      some: order.length > 0,
      allStages: order.every((i) => i >= 0),
      inOrder: order.every((i, k) => k === 0 || i >= order[k - 1]!),
    }).toEqual({ some: true, allStages: true, inOrder: true });
  });

  it("an ambiguous query asks the person mid-task (input_required, then tasks/result), and the answer reaches the report", async () => {
    const queue = new ElicitQueue(() => true);
    const m = managerFor(
      sandbox(),
      { ev: everything },
      askingClients((s) => queue.handler(s)),
    );
    managers.push(m);
    await m.start({ waitMs: 20_000 });
    const call = m.callTool("ev", "simulate-research-query", { topic: "python", ambiguous: true });
    await vi.waitFor(() => expect(queue.current()).toBeDefined(), { timeout: 20_000 });
    const p = queue.current()!;
    expect(p.message).toContain('The research query "python" could have multiple interpretations');
    queue.answer(p.id, { action: "accept", content: { interpretation: "snake" } });
    expect(text(await call)).toContain("# Research Report: python (snake)");
  });

  it("cancels the task on the server when the caller aborts", async () => {
    const m = managerFor(sandbox(), { ev: everything });
    managers.push(m);
    await m.start({ waitMs: 20_000 });
    const abort = new AbortController();
    const call = m.callTool("ev", "simulate-research-query", { topic: "x" }, { signal: abort.signal });
    await expect
      .poll(() =>
        m
          .log("ev")
          .lines()
          .some((l) => l.text.includes("started for")),
      )
      .toBe(true);
    abort.abort();
    await expect(call).rejects.toMatchObject({ code: "CANCELLED" });
    expect(
      m
        .log("ev")
        .lines()
        .some((l) => /task \w+ cancelled/.test(l.text)),
    ).toBe(true);
    // tasks/cancel was answered (a failure would be logged).
    expect(
      m
        .log("ev")
        .lines()
        .filter((l) => l.text.includes("tasks/cancel")),
    ).toEqual([]);
  });

  it("answers roots/list with the project directory and the extra directories as file:// URIs", async () => {
    const sb = sandbox();
    const extra = join(sb.project, "..", "home");
    const m = managerFor(sb, { ev: everything }, { addDirs: [extra] });
    managers.push(m);
    await m.start({ waitMs: 20_000 });
    const r = await m.callTool("ev", "get-roots-list", {});
    expect(text(r)).toContain(pathToFileURL(sb.project).href);
    expect(text(r)).toContain(pathToFileURL(extra).href);
  });
});
