// Tools that run as tasks (§7) through the whole CLI, in both eras, against the hand-written task server
// (test/fixtures/servers/tasks.mjs): `mcp call` shows the task's status as progress and prints the result,
// a failed task is a clear error, Ctrl-C cancels the task on the server, and `-p` lets the model call one.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { fixture, sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function setup(era: "modern" | "legacy") {
  const sb = sandbox();
  const journal = join(sb.dir, "journal.jsonl");
  const cfg = sb.writeJson("servers.json", {
    mcpServers: {
      t: {
        command: process.execPath,
        args: [fixture("tasks.mjs"), "stdio", era],
        env: { TASKS_JOURNAL: journal },
      },
    },
  });
  const entries = () =>
    existsSync(journal)
      ? readFileSync(journal, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { method: string; task?: string; tool?: string })
      : [];
  return { sb, cfg, entries };
}

describe.each(["modern", "legacy"] as const)("tasks through the CLI (%s era)", (era) => {
  it("mcp call runs a task-only tool as a task: status on stderr, the result on stdout", async () => {
    const { sb, cfg } = setup(era);
    const r = await runCli(
      sb,
      ["mcp", "call", "mcp__t__research", '{"topic":"tides"}', "--yes", "--mcp-config", cfg],
      {
        timeoutMs: 60_000,
      },
    );
    expect([r.code, r.stdout]).toEqual([0, "report on tides\n"]);
    expect(r.stderr).toContain("task working: Gathering sources…");
    expect(r.stderr).toContain("task completed: Done");
  });

  it("a failed task exits non-zero with the server's reason", async () => {
    const { sb, cfg } = setup(era);
    const r = await runCli(sb, ["mcp", "call", "mcp__t__doomed", "{}", "--yes", "--mcp-config", cfg], {
      timeoutMs: 60_000,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("the research backend is down");
  });

  it("Ctrl-C during a task sends tasks/cancel before the CLI exits", async () => {
    const { sb, cfg, entries } = setup(era);
    let pid = 0;
    const run = runCli(sb, ["mcp", "call", "mcp__t__forever", "{}", "--yes", "--mcp-config", cfg], {
      timeoutMs: 60_000,
      onSpawn: (p) => (pid = p),
    });
    await vi.waitFor(() => expect(entries().some((e) => e.method === "tasks/get")).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    process.kill(pid, "SIGINT");
    const r = await run;
    expect(r.code).toBe(130);
    const task = entries().find((e) => e.method === "tools/call")?.task;
    expect(entries()).toContainEqual({ method: "tasks/cancel", task });
  });

  it("codeagent -p: the model calls a task-only tool and gets the task's result", async () => {
    const { sb, cfg } = setup(era);
    model = await startModelServer([
      { toolCalls: [{ name: "mcp__t__research", args: { topic: "tides" }, id: "c1" }] },
      { text: "researched" },
    ]);
    const r = await runCli(
      sb,
      [
        "-p",
        "research tides",
        "--model",
        "openai-compatible:scripted",
        "--base-url",
        `${model.url}/v1`,
        "--mcp-config",
        cfg,
        "--yes",
      ],
      { timeoutMs: 60_000 },
    );
    expect([r.code, r.stdout]).toEqual([0, "researched\n"]);
    expect(model.view(0).tools).toContain("mcp__t__research");
    expect(model.view(1).toolResults).toEqual([{ id: "c1", text: "report on tides", isError: false }]);
  });
});
