// Whole-process behaviour a user relies on: the shipped example config works on a fresh checkout, and
// Ctrl-C or SIGTERM during start-up leaves no server process (or grandchild) behind.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, isAlive, nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

describe("the example config", () => {
  it("starts the official everything, filesystem and memory servers over stdio", async () => {
    const sb = sandbox();
    const r = await runCli(
      sb,
      [
        "mcp",
        "list",
        "--mcp-config",
        join(ROOT, "examples", "mcp.json"),
        "--json",
        "--startup-wait",
        "20000",
      ],
      {
        timeoutMs: 40_000,
      },
    );
    expect(r.code).toBe(0);
    const servers = r.json().servers as { name: string; status: string; tools: number }[];
    expect(servers.map((s) => [s.name, s.status])).toEqual([
      ["everything", "ready"],
      ["filesystem", "ready"],
      ["memory", "ready"],
    ]);
    for (const s of servers) expect(s.tools).toBeGreaterThan(0);
  });
});

describe.each(["SIGINT", "SIGTERM"] as const)("%s during start-up", (signal) => {
  it("ends every server process tree and exits", async () => {
    const sb = sandbox();
    const pidFile = join(sb.dir, "pids.json");
    const cfg = sb.writeJson("servers.json", {
      mcpServers: {
        gc: nodeServer("grandchild.mjs", { GRANDCHILD_PID_FILE: pidFile }),
        hung: nodeServer("hang-initialize.mjs"),
      },
    });
    let pid = 0;
    const run = runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--startup-wait", "60000"], {
      onSpawn: (p) => (pid = p),
    });
    // Both servers are up: the grandchild fixture wrote its pids, and the hung one's spawn is in its log.
    const hungLog = join(sb.env.CODEAGENT_HOME!, "logs", "hung.log");
    const spawned = () =>
      existsSync(hungLog) ? /spawned pid (\d+)/.exec(readFileSync(hungLog, "utf8")) : null;
    const written = () => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("}");
    expect(await waitFor(() => written() && spawned() !== null, 15_000)).toBe(true);
    const hungPid = Number(spawned()![1]);
    const pids = JSON.parse(readFileSync(pidFile, "utf8")) as { child: number; detached: number };
    process.kill(pid, signal);
    const r = await run;
    expect(r.code).toBe(signal === "SIGINT" ? 130 : 143);
    expect(await waitFor(() => ![pids.child, pids.detached, hungPid].some(isAlive), 15_000)).toBe(true);
  });
});
