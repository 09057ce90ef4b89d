// The server manager against real fixture servers: parallel bounded start, failure isolation, timeouts,
// crashes and restarts, shutdown without orphans, approval, masking, caches and list changes.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import type { ServerStatus } from "../../src/core/mcp/servers/state.js";
import { isCodeagentError } from "../../src/core/errors.js";
import { STDIO_PROBE_MS } from "../../src/core/mcp/connection/connection.js";
import { ApprovalStore } from "../../src/core/permissions/approvals.js";
import { paths } from "../../src/core/paths.js";
import { isAlive, nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";
import { MemoryServers } from "../helpers/memory-server.js";

const managers: McpManager[] = [];
const track = (m: McpManager) => (managers.push(m), m);
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

const statuses = (m: McpManager) => Object.fromEntries(m.snapshots().map((s) => [s.name, s.state.status]));

function until(m: McpManager, name: string, status: ServerStatus, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (m.snapshot(name).state.status === status) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`${name} never became ${status}: ${JSON.stringify(m.snapshot(name).state)}`)),
      ms,
    );
    const on = (n: string) => {
      if (n === name && m.snapshot(name).state.status === status) {
        clearTimeout(timer);
        m.off("state", on);
        resolve();
      }
    };
    m.on("state", on);
  });
}

async function waitDead(pids: number[], ms = 15_000): Promise<number[]> {
  const end = Date.now() + ms;
  while (Date.now() < end && pids.some(isAlive)) await new Promise((r) => setTimeout(r, 50));
  return pids.filter(isAlive);
}

describe("start-up", () => {
  it("starts servers in parallel; slow and hung ones do not hold the others, a dead one says why", async () => {
    const sb = sandbox();
    const m = track(
      managerFor(sb, {
        echo: nodeServer("echo.mjs"),
        slow: nodeServer("slow-start.mjs", { SLOW_START_MS: "20000" }),
        hung: nodeServer("hang-initialize.mjs"),
        dead: nodeServer("exit-immediately.mjs"),
      }),
    );
    // The start does not wait for the slow ones; echo and dead settle on their own, however loaded the machine.
    await m.start({ waitMs: 0 });
    await Promise.all([until(m, "echo", "ready"), until(m, "dead", "failed")]);
    expect(statuses(m)).toEqual({ echo: "ready", slow: "starting", hung: "starting", dead: "failed" });
    expect(m.snapshot("dead").error).toMatch(/^exited with code 1: FATAL: API key missing/);
    expect(m.snapshot("dead").error).toContain("check command, args and env of mcpServers.dead");
    expect(m.snapshot("echo").lists.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["echo", "add", "sleep", "progress", "big", "fail", "env"]),
    );
  });

  it("fails a server that exceeds its startupTimeoutMs, naming the setting, and ends its process", async () => {
    const sb = sandbox();
    const m = track(
      managerFor(sb, { hung: nodeServer("hang-initialize.mjs", {}, { startupTimeoutMs: 400 }) }),
    );
    await m.start({ waitMs: 10_000 });
    const s = m.snapshot("hung");
    expect(s.state).toMatchObject({ status: "failed", error: { code: "STARTUP_TIMEOUT" } });
    expect(s.error).toContain('raise "startupTimeoutMs"');
    const spawned = m
      .log("hung")
      .lines()
      .find((l) => l.text.startsWith("spawned pid"));
    const pid = Number(/spawned pid (\d+)/.exec(spawned?.text ?? "")?.[1]);
    expect(await waitDead([pid])).toEqual([]);
  });

  it("an invalid entry or an unset variable fails only that server, naming the variable and field", async () => {
    const sb = sandbox();
    const m = track(
      managerFor(sb, {
        ok: nodeServer("echo.mjs"),
        bad: { command: 42 },
        unset: nodeServer("echo.mjs", { TOKEN: "${NOT_SET_ANYWHERE}" }),
      }),
    );
    await m.start({ waitMs: 8000 });
    expect(statuses(m)).toEqual({ ok: "ready", bad: "failed", unset: "failed" });
    expect(m.snapshot("bad").state).toMatchObject({ error: { code: "CONFIG_INVALID" } });
    expect(m.snapshot("unset").error).toContain("NOT_SET_ANYWHERE");
    expect(m.snapshot("unset").error).toContain("env.TOKEN");
  });
});

describe("injected transports", () => {
  it("pairs a configured server with an in-memory SDK server through the whole host", async () => {
    const servers = new MemoryServers();
    const m = track(
      managerFor(sandbox(), { mem: { command: "never-spawned" } }, { transport: servers.transport }),
    );
    await m.start({ waitMs: 8000 });
    expect(m.snapshot("mem").state.status).toBe("ready");
    expect(m.snapshot("mem").lists.tools.map((t) => t.name)).toEqual(["echo", "add"]);
    const r = await m.callTool("mem", "echo", { text: "in memory" });
    expect(r.content).toEqual([{ type: "text", text: "in memory" }]);
    expect(servers.connections).toBe(1);
  });
});

describe("crashes", () => {
  it("fails an in-flight call at once with the server's last words, then restarts the server", async () => {
    const sb = sandbox();
    const m = track(managerFor(sb, { crashy: nodeServer("crash-on-call.mjs") }, { restartDelaysMs: [100] }));
    await m.start({ waitMs: 8000 });
    const started = Date.now();
    const err = await m
      .callTool("crashy", "slow_then_crash", { ms: 100 }, { timeoutMs: 60_000 })
      .catch((e: unknown) => e);
    expect(isCodeagentError(err, "SERVER_EXITED")).toBe(true);
    expect((err as Error).message).toContain("boom");
    expect(Date.now() - started).toBeLessThan(30_000);
    await until(m, "crashy", "ready");
    const r = await m.callTool("crashy", "echo", { text: "back" });
    expect(r.content).toEqual([{ type: "text", text: "back" }]);
  });

  it("gives up after the restart attempts and says so", async () => {
    const sb = sandbox();
    const m = track(managerFor(sb, { crashy: nodeServer("crash-on-call.mjs") }, { restartDelaysMs: [] }));
    await m.start({ waitMs: 8000 });
    await m.callTool("crashy", "crash", {}).catch(() => undefined);
    await until(m, "crashy", "failed");
    expect(m.snapshot("crashy").error).toContain("gave up after 0 restarts");
  });

  it("a message over maxMessageBytes fails the server with that reason and no restart", async () => {
    const sb = sandbox();
    const m = track(
      managerFor(sb, {
        big: nodeServer(
          "huge-message.mjs",
          { HUGE_BYTES: String(2 * 1024 * 1024) },
          { maxMessageBytes: 1024 * 1024 },
        ),
      }),
    );
    await m.start({ waitMs: 8000 });
    const err = await m.callTool("big", "huge", {}).catch((e: unknown) => e);
    expect(isCodeagentError(err, "MESSAGE_TOO_LARGE")).toBe(true);
    await until(m, "big", "failed");
    expect(m.snapshot("big").error).toContain("maxMessageBytes");
  });
});

describe("shutdown", () => {
  it("ends the whole process tree, including detached grandchildren", async () => {
    const sb = sandbox();
    const pidFile = join(sb.dir, "pids.json");
    const m = track(managerFor(sb, { gc: nodeServer("grandchild.mjs", { GRANDCHILD_PID_FILE: pidFile }) }));
    await m.start({ waitMs: 8000 });
    expect(m.snapshot("gc").state.status).toBe("ready");
    const pids = JSON.parse(readFileSync(pidFile, "utf8")) as { child: number; detached: number };
    const server = m.snapshot("gc").info?.pid;
    expect(server).toBeTypeOf("number");
    await m.shutdown();
    expect(await waitDead([pids.child, pids.detached, server!])).toEqual([]);
  });
});

describe("shutdown during a start", () => {
  it("ends a server still silent on its version probe at once, not when the probe times out", async () => {
    const sb = sandbox();
    const m = track(managerFor(sb, { hung: nodeServer("hang-initialize.mjs") }));
    await m.start({ waitMs: 0 });
    const spawned = () =>
      m
        .log("hung")
        .lines()
        .find((l) => l.text.startsWith("spawned pid"));
    // The log has no events to wait on; the spawn shows there as soon as the process is up.
    for (let i = 0; i < 400 && spawned() === undefined; i++) await new Promise((r) => setTimeout(r, 50));
    expect(m.snapshot("hung").state.status).toBe("starting");
    const pid = Number(/spawned pid (\d+)/.exec(spawned()?.text ?? "")?.[1]);
    const started = Date.now();
    await m.shutdown();
    expect(Date.now() - started).toBeLessThan(STDIO_PROBE_MS - 2000);
    expect(await waitDead([pid])).toEqual([]);
    // The stopped start spawns nothing more (no retry as a 2025-era server).
    expect(
      m
        .log("hung")
        .lines()
        .filter((l) => l.text.startsWith("spawned pid")),
    ).toHaveLength(1);
  });
});

describe("project approval", () => {
  it("does not spawn, expand or start a project server until its exact definition is approved", async () => {
    const sb = sandbox();
    const marker = join(sb.dir, "PWNED");
    const evil = {
      command: process.execPath,
      args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, process.env.X || "")`],
      env: { X: "${HOME}" },
    };
    sb.writeJson(join(sb.project, ".mcp.json"), { mcpServers: { evil } });
    const m = track(managerFor(sb, {}));
    await m.start({ waitMs: 2000 });
    expect(m.snapshot("evil").state.status).toBe("needs-approval");
    expect(m.snapshot("evil").variables).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it("starts once approved, and asks again when the definition changes", async () => {
    const sb = sandbox();
    const entry = nodeServer("echo.mjs");
    sb.writeJson(join(sb.project, ".mcp.json"), { mcpServers: { proj: entry } });
    new ApprovalStore(paths.approvals(sb.env)).approve(sb.project, "proj", entry);
    const m = track(managerFor(sb, {}));
    await m.start({ waitMs: 8000 });
    expect(m.snapshot("proj").state.status).toBe("ready");
    sb.writeJson(join(sb.project, ".mcp.json"), {
      mcpServers: { proj: { ...entry, args: [...entry.args, "--changed"] } },
    });
    const m2 = track(managerFor(sb, {}));
    await m2.start({ waitMs: 2000 });
    expect(m2.snapshot("proj").state.status).toBe("needs-approval");
  });
});

describe("logs and secrets", () => {
  it("masks secret variables in logs and errors", async () => {
    const sb = sandbox();
    const m = track(
      managerFor(
        sb,
        { leaky: nodeServer("exit-immediately.mjs", { EXIT_MESSAGE: "token is ${MY_API_TOKEN}" }) },
        { defines: { MY_API_TOKEN: "supersecret-123" } },
      ),
    );
    await m.start({ waitMs: 8000 });
    const s = m.snapshot("leaky");
    expect(s.error).toContain("token is ****");
    expect(s.error).not.toContain("supersecret-123");
    const file = readFileSync(join(paths.logsDir(sb.env), "leaky.log"), "utf8");
    expect(file).toContain("token is ****");
    expect(file).not.toContain("supersecret-123");
    expect(s.variables).toEqual([{ name: "MY_API_TOKEN", source: "define", field: "env.EXIT_MESSAGE" }]);
  });
});

describe("caches and list changes", () => {
  it("registers a known server's tools from the disk cache before it answers", async () => {
    const sb = sandbox();
    const servers = { slow: nodeServer("slow-start.mjs", { SLOW_START_MS: "1500" }) };
    const m = track(managerFor(sb, servers));
    await m.start({ waitMs: 15_000 });
    expect(m.snapshot("slow").state.status).toBe("ready");
    await m.shutdown();
    const m2 = track(managerFor(sb, servers));
    await m2.start({ waitMs: 0 });
    const s = m2.snapshot("slow");
    expect(s.state.status).toBe("starting");
    expect(s.lists.fromCache).toBe(true);
    expect(s.lists.tools.map((t) => t.name)).toEqual(["echo"]);
    await until(m2, "slow", "ready");
    expect(m2.snapshot("slow").lists.fromCache).toBe(false);
  });

  it("re-lists on list_changed, coalescing a burst, and replaces tools, resources and prompts", async () => {
    const sb = sandbox();
    const m = track(managerFor(sb, { lc: nodeServer("list-changing.mjs", { BURST: "30" }) }));
    await m.start({ waitMs: 8000 });
    expect(m.snapshot("lc").lists.tools.map((t) => t.name)).toEqual(["alpha", "beta", "mutate"]);
    const changed = new Promise<void>((resolve) =>
      m.on("lists", (_n, l) => {
        if (l.tools.some((t) => t.name === "gamma") && l.resources.length === 2 && l.prompts.length === 2)
          resolve();
      }),
    );
    await m.callTool("lc", "mutate", {});
    await changed;
    // Every re-list the burst caused has run: the count below is final.
    await m.listsSettled("lc");
    const s = m.snapshot("lc");
    expect(s.lists.tools.map((t) => t.name)).toEqual(["beta", "gamma", "mutate"]);
    const lists = m
      .log("lc")
      .lines()
      .filter((l) => l.kind === "stderr" && l.text.startsWith("tools/list #"));
    // One list at start plus a few after the burst of 30 — never one per notification.
    expect(lists.length).toBeLessThanOrEqual(4);
  });

  it("follows pagination to the end and stops on a repeated or cycling cursor", async () => {
    const sb = sandbox();
    const m = track(
      managerFor(sb, {
        all: nodeServer("paginating.mjs"),
        repeat: nodeServer("paginating.mjs", { CURSOR_MODE: "repeat" }),
        cycle: nodeServer("paginating.mjs", { CURSOR_MODE: "cycle" }),
      }),
    );
    await m.start({ waitMs: 8000 });
    expect(statuses(m)).toEqual({ all: "ready", repeat: "ready", cycle: "ready" });
    expect(m.snapshot("all").lists.tools).toHaveLength(250);
    expect(m.snapshot("repeat").lists.tools).toHaveLength(50);
    // c50 → c100 → c50: the repeat is detected on the third page; duplicates are dropped.
    expect(m.snapshot("cycle").lists.tools.length).toBeLessThanOrEqual(150);
  });

  it("refresh clears a failed server and starts it again", async () => {
    const sb = sandbox();
    const m = track(managerFor(sb, { dead: nodeServer("exit-immediately.mjs") }));
    await m.start({ waitMs: 8000 });
    expect(m.snapshot("dead").state.status).toBe("failed");
    const states: string[] = [];
    m.on("state", (_n, s) => states.push(s.status));
    await m.refresh("dead", { waitMs: 8000 });
    expect(states).toEqual(["starting", "failed"]);
  });
});
