// Runs one command hook: `sh -c COMMAND` in the project directory, the event as JSON on stdin, stdout and
// stderr collected (capped), its whole process tree killed on timeout or cancel. Hooks are the user's own
// configuration and run unsandboxed, as Claude Code runs them; a project's hooks run only once approved.
import { spawn } from "node:child_process";
import { terminateTree } from "../mcp/stdio/process-tree.js";
import type { HookRun } from "./decide.js";

const MAX_CHARS = 100_000;
/** How long output may still arrive after the shell exited (a child holding the pipe must not hold us). */
const DRAIN_MS = 200;

export interface RunHookOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function runHookCommand(command: string, input: unknown, o: RunHookOptions): Promise<HookRun> {
  const child = spawn("/bin/sh", ["-c", command], {
    cwd: o.cwd,
    env: o.env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  const out = { stdout: "", stderr: "" };
  const take = (key: "stdout" | "stderr") => (chunk: Buffer) => {
    if (out[key].length < MAX_CHARS) out[key] += chunk.toString("utf8");
  };
  child.stdout.on("data", take("stdout"));
  child.stderr.on("data", take("stderr"));
  // A hook that does not read its stdin closes the pipe early; that is its business, not an error.
  child.stdin.on("error", () => undefined);
  child.stdin.end(JSON.stringify(input));
  let timedOut = false;
  let killing: Promise<unknown> | undefined;
  const kill = () => {
    if (killing === undefined && child.pid !== undefined)
      killing = terminateTree(child.pid, { graceMs: 500 }).catch(() => undefined);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, o.timeoutMs);
  o.signal?.addEventListener("abort", kill, { once: true });
  const closed = new Promise<void>((r) => child.once("close", () => r()));
  try {
    const exit = await new Promise<{ code: number | null } | { error: Error }>((resolve) => {
      child.once("error", (error) => resolve({ error }));
      child.once("exit", (code) => resolve({ code }));
    });
    if ("error" in exit) return { code: null, ...out, timedOut: false, startError: exit.error.message };
    await Promise.race([closed, new Promise((r) => setTimeout(r, DRAIN_MS))]);
    await killing;
    return { code: exit.code, ...out, timedOut };
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", kill);
    child.stdout.destroy();
    child.stderr.destroy();
  }
}
