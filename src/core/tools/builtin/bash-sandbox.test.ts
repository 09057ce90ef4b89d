// The bash tool in the OS sandbox (§18.4), with the real bubblewrap: confined by default, a call that leaves
// it needs a reason and says so in the prompt, and background jobs leave nothing behind.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandSandbox } from "../../sandbox/command-sandbox.js";
import { probeSandbox } from "../../sandbox/probe.js";
import { Sandbox } from "../../sandbox/sandbox.js";
import { bashOutputTool } from "./background-tools.js";
import { BackgroundJobs } from "./background.js";
import { bashTool } from "./bash.js";

let root: string;
let home: string;
let project: string;
let sandbox: Sandbox;

beforeAll(() => {
  const a = probeSandbox();
  if (!a.ok) throw new Error(`these tests need the sandbox: ${a.reason}; ${a.install}`);
  root = mkdtempSync(join(tmpdir(), "bash-sandbox-"));
  home = join(root, "home");
  project = join(root, "project");
  mkdirSync(join(home, ".aws"), { recursive: true });
  mkdirSync(project);
  writeFileSync(join(home, ".aws", "credentials"), "aws_secret_access_key=SECRET");
  sandbox = new Sandbox({ cwd: project });
});
afterAll(async () => {
  await sandbox?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

const commands = (enabled = true) =>
  commandSandbox({
    sandbox,
    enabled,
    context: { home, codeagentHome: join(home, ".codeagent"), projectDir: project },
  });

describe("bash in the sandbox", () => {
  it("is sandboxed by default: credentials hidden, writes only in the project, and the gate is told", async () => {
    const tool = bashTool({ cwd: project, env: { PATH: process.env.PATH, HOME: home }, sandbox: commands() });
    expect(tool.sandboxed?.({ command: "ls" })).toBe(true);
    const r = await tool.execute(
      { command: `cat ~/.aws/credentials; echo in > here.txt; echo out > ${root}/there.txt; echo done` },
      {},
    );
    expect(r.text).not.toContain("SECRET");
    expect(r.text).toContain("Read-only file system");
    expect(readFileSync(join(project, "here.txt"), "utf8")).toBe("in\n");
    expect(existsSync(join(root, "there.txt"))).toBe(false);
  });

  it("the model learns which host the sandbox refused", async () => {
    const tool = bashTool({ cwd: project, env: { PATH: process.env.PATH, HOME: home }, sandbox: commands() });
    const r = await tool.execute(
      { command: "curl -s -m 5 https://registry.npmjs.org/ >/dev/null; echo rc=$?" },
      {},
    );
    expect(r.text).toContain(
      "[the sandbox denied network access to registry.npmjs.org:443 (not in the network allowlist); if the command needs it, retry with dangerously_disable_sandbox and a reason]",
    );
  });

  it("leaving the sandbox needs a reason, is not sandboxed for the gate, and the prompt shows the reason", async () => {
    const tool = bashTool({ cwd: project, env: { PATH: process.env.PATH, HOME: home }, sandbox: commands() });
    const args = { command: "cat ~/.aws/credentials", dangerously_disable_sandbox: true };
    expect(tool.sandboxed?.(args)).toBe(false);
    expect((await tool.execute(args, {})).text).toBe(
      'bash: dangerously_disable_sandbox needs a "reason" saying why the sandbox must be left.',
    );
    const withReason = { ...args, reason: "needs the AWS credentials to deploy" };
    expect(await tool.preview?.(withReason)).toEqual({
      kind: "command",
      command: "cat ~/.aws/credentials",
      note: "runs OUTSIDE the sandbox: needs the AWS credentials to deploy",
    });
    expect((await tool.execute(withReason, {})).text).toContain("SECRET");
  });

  it("with the sandbox turned off, commands are not sandboxed and so go through the prompt", () => {
    const tool = bashTool({ cwd: project, sandbox: commands(false) });
    expect(tool.sandboxed?.({ command: "ls" })).toBe(false);
  });

  it("a background job's children (&, nohup, setsid) end with it", async () => {
    const jobs = new BackgroundJobs();
    const opts = { cwd: project, env: { PATH: process.env.PATH, HOME: home }, jobs, sandbox: commands() };
    const marker = `${Date.now() % 100000}.777`;
    const r = await bashTool(opts).execute(
      {
        command: `nohup sleep ${marker} >/dev/null 2>&1 & setsid sleep ${marker} & echo started`,
        run_in_background: true,
      },
      {},
    );
    expect(r.text).toContain("Started in the background as bash_1");
    await jobs.exited("bash_1");
    expect((await bashOutputTool(opts).execute({ id: "bash_1" }, {})).text).toContain("started");
    await new Promise((res) => setTimeout(res, 300));
    const alive = readdirSync("/proc").filter((p) => {
      try {
        return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, "utf8").includes(marker);
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
