// Ending a running stdio server and everything it started: stdin closed first (a well-behaved server exits
// then), SIGTERM to its process group and the descendants seen while it lived, SIGKILL after the grace.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { isAlive, listDescendants, terminateTree } from "./process-tree.js";

export interface StopServer {
  graceMs: number;
  /** A deliberate close gives the server half the grace to exit on its own once stdin closes. */
  deliberate: boolean;
  /** Settles once the process and its streams are done. */
  finished: Promise<void>;
  /** Whether the process has exited (by now). */
  exited: () => boolean;
  event: (text: string) => void;
}

export async function stopServer(child: ChildProcessWithoutNullStreams, o: StopServer): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const { graceMs } = o;
  // Collect descendants while the server is alive: once it exits, its orphans can no longer be traced to it.
  const descendants = listDescendants(pid);
  child.stdin.end();
  // A well-behaved server exits when stdin closes; one that broke the protocol gets no such courtesy.
  if (o.deliberate) {
    const exited = await Promise.race([o.finished.then(() => true), delay(graceMs / 2).then(() => false)]);
    if (!exited) o.event(`still running ${graceMs / 2} ms after stdin closed; sending SIGTERM`);
  }
  // The common case: the server exited on its own and left nothing behind. Two kill(0) probes prove it, where
  // terminateTree would scan the whole process table three times (tens of ms per server on a busy machine).
  if (!o.exited() || treeMayLive(pid, descendants)) {
    const result = await terminateTree(pid, { graceMs, extraPids: descendants });
    if (result.killed > 0) o.event(`sent SIGKILL to ${result.killed} process(es) alive after ${graceMs} ms`);
  }
  await Promise.race([o.finished, delay(graceMs)]);
}

/**
 * Whether any part of an exited server's tree may still run: a member of its process group, or a descendant seen
 * before stdin closed. Errs towards "yes" (a recycled pid, Windows without groups). A descendant that has exited
 * but is not yet reaped (a zombie) does not count: bubblewrap's inner process, orphaned when bwrap exits, stays one
 * until init reaps it, and counting it sent every sandboxed server through three scans of the process table.
 */
export function treeMayLive(pid: number, descendants: readonly number[]): boolean {
  if (process.platform === "win32") return true;
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ESRCH") return true;
  }
  return descendants.some((p) => isAlive(p));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
