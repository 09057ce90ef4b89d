// Runs the built CLI (bin/codeagent.js → dist/) as a user would, in a sandboxed home and project.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT, type Sandbox } from "./env.js";

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function runCli(
  sb: Sandbox,
  args: string[],
  opts: {
    cwd?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    onSpawn?: (pid: number) => void;
    input?: string;
  } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "bin", "codeagent.js"), ...args], {
      cwd: opts.cwd ?? sb.project,
      env: { ...sb.env, ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
    opts.onSpawn?.(child.pid!);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // A safety net for a hang, never a performance assertion: on a loaded machine (CI's two cores, with
    // several test workers each spawning a CLI and its servers) one run can take well over 25 s.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`codeagent ${args.join(" ")} did not finish\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, opts.timeoutMs ?? 60_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, json: () => JSON.parse(stdout) });
    });
  });
}
