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
});
