import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { isAlive } from "../../mcp/stdio/process-tree.js";
import { endMarked, markedPids, MARK_VAR } from "./marked-processes.js";

const linux = process.platform === "linux";

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error("condition not met in time");
}

describe.runIf(linux)("endMarked", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill("SIGKILL");
  });

  it("returns only once what it signalled is gone, even after it dropped its mark", async () => {
    const mark = `test-${process.pid}-${Date.now()}:`;
    // On SIGTERM the shell replaces itself with a process that has no environment: its mark disappears at
    // once, yet the process lives on for half a second.
    const child = spawn("bash", ["-c", "trap 'exec env -i sleep 0.5' TERM; while :; do sleep 0.05; done"], {
      env: { ...process.env, [MARK_VAR]: `${mark}job` },
      stdio: "ignore",
    });
    children.push(child);
    const pid = child.pid ?? -1;
    await until(() => markedPids(mark).includes(pid));
    expect(await endMarked(mark, 2000)).toBeGreaterThanOrEqual(1);
    expect(isAlive(pid)).toBe(false);
    expect(markedPids(mark)).toEqual([]);
  });

  it("SIGKILLs what ignores SIGTERM once the grace is over, and finds nothing for another prefix", async () => {
    const mark = `test-${process.pid}-${Date.now()}-b:`;
    const child = spawn("bash", ["-c", "trap '' TERM; while :; do sleep 0.05; done"], {
      env: { ...process.env, [MARK_VAR]: `${mark}job` },
      stdio: "ignore",
    });
    children.push(child);
    const pid = child.pid ?? -1;
    await until(() => markedPids(mark).includes(pid));
    expect(await endMarked(`${mark}other`, 100)).toBe(0);
    expect(isAlive(pid)).toBe(true);
    await endMarked(mark, 100);
    expect(isAlive(pid)).toBe(false);
  });
});
