// Processes a session's shell commands started, found by a variable in their environment. A process group
// and parent links lose what detaches (`cmd &` after its shell exits, `nohup`, `setsid`, a daemon's double
// fork); the environment is inherited through all of them. Linux reads /proc/PID/environ; elsewhere nothing
// is found and the group and descendants are all that is ended. A process that clears its environment
// (`env -i`) escapes; only a sandbox holds that.
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { liveStart } from "../../mcp/stdio/process-tree.js";

/** How long SIGKILL gets to take effect (it is asynchronous too). */
const KILL_WAIT_MS = 1000;

export const MARK_VAR = "CODEAGENT_JOB";

/** Pids (not ours) whose environment has MARK_VAR set to a value starting with `prefix`. */
export function markedPids(prefix: string, platform: NodeJS.Platform = process.platform): number[] {
  if (platform !== "linux") return [];
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const want = `${MARK_VAR}=${prefix}`;
  const out: number[] = [];
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57 || Number(name) === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${name}/environ`, "latin1");
    } catch {
      continue; // exited meanwhile, or not ours to read
    }
    if (environ.split("\0").some((v) => v.startsWith(want))) out.push(Number(name));
  }
  return out;
}

/**
 * SIGTERM to every marked process, `graceMs` to go, then SIGKILL to what is left (and what they forked meanwhile).
 * Resolves once they are gone: an exiting process drops its environment before it stops being alive, so an empty
 * `markedPids` alone does not say they are. Each is followed by pid and start time, never a recycled pid.
 */
export async function endMarked(prefix: string, graceMs: number): Promise<number> {
  const known = new Map<number, string>();
  const notice = () => {
    for (const p of markedPids(prefix)) {
      const start = known.has(p) ? undefined : liveStart(p);
      if (start !== undefined) known.set(p, start);
    }
  };
  const alive = () => [...known].filter(([p, start]) => liveStart(p) === start).map(([p]) => p);
  notice();
  const count = known.size;
  if (count === 0) return 0;
  for (const p of known.keys()) signal(p, "SIGTERM");
  let left = await waitGone(graceMs, () => (notice(), alive()));
  for (const p of left) signal(p, "SIGKILL");
  left = await waitGone(KILL_WAIT_MS, alive);
  return count;
}

/** Polls `left` until it is empty or `ms` have passed; what is still there at the end. */
async function waitGone(ms: number, left: () => number[]): Promise<number[]> {
  const deadline = Date.now() + ms;
  let now = left();
  while (now.length > 0 && Date.now() < deadline) {
    await sleep(25);
    now = left();
  }
  return now;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}
