import { describe, expect, it } from "vitest";
import { isAlive } from "../../mcp/stdio/process-tree.js";
import { BackgroundJobs } from "./background.js";
import { describeRead } from "./background-tools.js";
import { tempProject } from "./test-project.js";

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error("condition not met in time");
}

describe("BackgroundJobs", () => {
  it("hands out only new output, then the exit code", async () => {
    const jobs = new BackgroundJobs();
    const cwd = tempProject();
    const r = jobs.start("echo one; read -t 0.2 x </dev/zero; echo two >&2; exit 3", {
      cwd,
      env: process.env,
    });
    expect(r).toEqual({ id: "bash_1" });
    await jobs.exited("bash_1");
    await new Promise((res) => setTimeout(res, 50));
    const read = jobs.read("bash_1");
    expect(read).toMatchObject({ status: "exited", exitCode: 3, output: "one\ntwo\n" });
    expect(describeRead(jobs.read("bash_1")!)).toBe("[bash_1: exited with code 3]\n(no new output)");
  });

  it("kill ends the whole process group, killAll every job", async () => {
    const jobs = new BackgroundJobs();
    const cwd = tempProject();
    const opts = { cwd, env: process.env };
    jobs.start("sleep 60 & echo $!; wait", opts);
    jobs.start("sleep 60 & echo $!; wait", opts);
    let out = "";
    await until(() => (out += jobs.read("bash_1")!.output) !== "");
    const child = Number(out.trim());
    expect(isAlive(child)).toBe(true);
    expect(await jobs.kill("bash_1")).toBe(true);
    expect(isAlive(child)).toBe(false);
    expect(jobs.read("bash_1")?.status).toBe("killed");
    await jobs.killAll();
    expect(jobs.read("bash_2")?.status).toBe("killed");
    expect(await jobs.kill("bash_9")).toBe(false);
  });

  // Detached from the group and orphaned (their shell exited at once): found by the session's mark.
  const DETACH =
    "sleep 301 >/dev/null 2>&1 & echo $!; nohup sleep 302 >/dev/null 2>&1 & echo $!; " +
    "setsid sleep 303 >/dev/null 2>&1 & echo $!; (setsid sh -c 'sleep 304 & echo $!' &) ; sleep 0.2";

  it("kill_bash ends what a job left running after its shell exited: cmd &, nohup, setsid, double fork", async () => {
    const jobs = new BackgroundJobs();
    jobs.start(DETACH, { cwd: tempProject(), env: process.env });
    await jobs.exited("bash_1");
    const pids = jobs.read("bash_1")!.output.trim().split("\n").map(Number);
    expect(pids).toHaveLength(4);
    expect(pids.map((p) => isAlive(p))).toEqual([true, true, true, true]);
    await jobs.kill("bash_1");
    expect(pids.map((p) => isAlive(p))).toEqual([false, false, false, false]);
  });

  it("killAll at session end ends the orphans of every job and of foreground commands", async () => {
    const jobs = new BackgroundJobs();
    const cwd = tempProject();
    jobs.start(DETACH, { cwd, env: process.env });
    // A foreground command's shell, run as the bash tool runs it, with the session's mark.
    const { runCommand } = await import("./bash.js");
    const fg = await runCommand("setsid sleep 305 >/dev/null 2>&1 & echo $!", {
      cwd,
      env: { ...process.env, ...jobs.markEnv() },
      timeoutMs: 10_000,
    });
    await jobs.exited("bash_1");
    const pids = [...jobs.read("bash_1")!.output.trim().split("\n"), fg.text.split("\n")[0]].map(Number);
    expect(pids.map((p) => isAlive(p))).toEqual([true, true, true, true, true]);
    await jobs.killAll();
    expect(pids.map((p) => isAlive(p))).toEqual([false, false, false, false, false]);
  });
});
