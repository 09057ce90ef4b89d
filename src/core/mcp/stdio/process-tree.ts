// Ends a stdio server's whole process tree (SPEC §4.5): its process group (it is spawned detached) plus every
// descendant found through parent-pid links, which also catches grandchildren that left the group (setsid).
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, openSync, readdirSync, readSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

interface ProcEntry {
  ppid: number;
  pgrp: number;
  /** Start time (Linux: clock ticks since boot); tells a live process from a recycled pid. */
  start: string;
  zombie: boolean;
}

export interface TerminateOptions {
  /** How long to wait after SIGTERM before SIGKILL. Default 2000 ms. */
  graceMs?: number;
  /** More pids to end, e.g. descendants collected before the parent exited and orphaned them. */
  extraPids?: readonly number[];
}

export interface TerminateResult {
  /** Processes that got SIGTERM. */
  terminated: number;
  /** Processes still running after the grace period that got SIGKILL. */
  killed: number;
}

const POLL_MS = 25;
const SIGKILL_WAIT_MS = 1000;

/** Every process by pid; undefined where the platform offers no cheap way to list them. */
function processTable(platform: NodeJS.Platform): Map<number, ProcEntry> | undefined {
  if (platform === "linux") return linuxTable();
  if (platform === "win32") return undefined;
  try {
    const out = execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat=,lstart="], { encoding: "utf8" });
    const table = new Map<number, ProcEntry>();
    for (const line of out.split("\n")) {
      const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
      if (!m) continue;
      const [, pid, ppid, pgrp, stat, start] = m;
      table.set(Number(pid), {
        ppid: Number(ppid),
        pgrp: Number(pgrp),
        start: start ?? "",
        zombie: stat?.startsWith("Z") === true,
      });
    }
    return table;
  } catch {
    return undefined;
  }
}

function linuxTable(): Map<number, ProcEntry> {
  const table = new Map<number, ProcEntry>();
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return table;
  }
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const entry = readProcStat(name);
    if (entry) table.set(Number(name), entry);
  }
  return table;
}

/**
 * A small /proc file in one read. readFileSync cannot size these (they report 0 bytes), so it reads in growing
 * chunks, allocating each; a full scan does that for every process on the machine.
 */
function readProcFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined; // exited while we were looking
  }
  try {
    const chunks: Buffer[] = [];
    for (;;) {
      const buf = Buffer.allocUnsafe(1024);
      const n = readSync(fd, buf, 0, buf.length, null);
      chunks.push(buf.subarray(0, n));
      if (n < buf.length) break;
    }
    return Buffer.concat(chunks).toString("latin1");
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function readProcStat(pid: string): ProcEntry | undefined {
  const text = readProcFile(`/proc/${pid}/stat`);
  if (text === undefined) return undefined;
  // `pid (comm) state ppid pgrp session … starttime(22nd)`; comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return {
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    start: fields[19] ?? "",
    zombie: fields[0] === "Z",
  };
}

/** Pids of every live descendant of `pid` (children first), from parent-pid links. */
export function listDescendants(pid: number, platform: NodeJS.Platform = process.platform): number[] {
  if (platform === "linux") {
    const walked = linuxDescendants(pid);
    if (walked !== undefined) return walked;
  }
  const table = processTable(platform);
  return table ? descendantsIn(table, pid) : [];
}

/**
 * The same list from the tree's own `/proc/PID/task/TID/children` files: a read per thread of the tree rather
 * than one per process on the machine. Undefined where the kernel has no such files (CONFIG_PROC_CHILDREN).
 */
function linuxDescendants(root: number): number[] | undefined {
  const seen = new Set<number>([root]);
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const pid = queue[i] ?? -1;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // exited while we were looking
    }
    for (const tid of tids) {
      const text = readProcFile(`/proc/${pid}/task/${tid}/children`);
      if (text === undefined) {
        if (pid === root && tid === String(root) && isAlive(root, "linux")) return undefined;
        continue;
      }
      for (const word of text.split(" ")) {
        const child = Number(word);
        if (word === "" || !Number.isInteger(child) || seen.has(child)) continue;
        seen.add(child);
        queue.push(child);
      }
    }
  }
  // As the table walk: a zombie (exited, not yet reaped) is not a live descendant.
  return queue.slice(1).filter((p) => readProcStat(String(p))?.zombie === false);
}

function descendantsIn(table: Map<number, ProcEntry>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, entry] of table) {
    if (entry.zombie) continue;
    const list = children.get(entry.ppid);
    if (list) list.push(pid);
    else children.set(entry.ppid, [pid]);
  }
  const seen = new Set<number>([root]);
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    for (const child of children.get(queue[i] ?? -1) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      queue.push(child);
    }
  }
  return queue.slice(1);
}

function signal(pid: number, sig: NodeJS.Signals): boolean {
  if (pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false; // ESRCH: already gone; EPERM: not ours to end
  }
}

/** Signals the process group led by `pid`; never our own group. */
function signalGroup(pid: number, sig: NodeJS.Signals | 0): boolean {
  if (pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    return false;
  }
}

/** Linux: the start time of a running (not zombie) `pid`, which with the pid names one process; else undefined. */
export function liveStart(pid: number): string | undefined {
  const entry = readProcStat(String(pid));
  return entry === undefined || entry.zombie ? undefined : entry.start;
}

/** Whether `pid` is running; a zombie (exited, not yet reaped) counts as gone. */
export function isAlive(pid: number, platform: NodeJS.Platform = process.platform): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  if (platform !== "linux") return true;
  const entry = readProcStat(String(pid));
  return entry !== undefined && !entry.zombie;
}

/** The live members of the tree: targets whose pid was not recycled, plus anything still in the group. */
function survivors(
  targets: Map<number, string | undefined>,
  group: number,
  platform: NodeJS.Platform,
): number[] {
  const table = processTable(platform);
  if (!table) {
    const alive = [...targets.keys()].filter((pid) => isAlive(pid, platform));
    return alive.length === 0 && signalGroup(group, 0) ? [group] : alive;
  }
  const out: number[] = [];
  for (const [pid, entry] of table) {
    if (entry.zombie) continue;
    const start = targets.get(pid);
    if (entry.pgrp === group || (targets.has(pid) && (start === undefined || start === entry.start)))
      out.push(pid);
  }
  return out;
}

/** SIGTERM to the tree of `pid`, up to `graceMs` for it to exit, then SIGKILL to whatever remains. */
export async function terminateTree(pid: number, options: TerminateOptions = {}): Promise<TerminateResult> {
  const platform = process.platform;
  const graceMs = options.graceMs ?? 2000;
  if (platform === "win32") return windowsKill(pid);
  const table = processTable(platform);
  const targets = new Map<number, string | undefined>();
  for (const p of [pid, ...(table ? descendantsIn(table, pid) : []), ...(options.extraPids ?? [])]) {
    // A pid no longer listed has exited; remembering it would risk signalling a recycled pid later.
    if (!table) targets.set(p, undefined);
    else if (table.has(p)) targets.set(p, table.get(p)?.start);
  }
  const terminated = survivors(targets, pid, platform).length;
  signalGroup(pid, "SIGTERM");
  for (const p of targets.keys()) signal(p, "SIGTERM");
  const left = await waitForExit(targets, pid, platform, graceMs);
  if (left.length === 0) return { terminated, killed: 0 };
  // Whatever survived may have forked meanwhile: pick up its children too before the final blow.
  const latest = processTable(platform);
  const final = new Set(left);
  if (latest) {
    for (const p of left) for (const d of descendantsIn(latest, p)) final.add(d);
    for (const p of final) if (!targets.has(p)) targets.set(p, latest.get(p)?.start);
  }
  signalGroup(pid, "SIGKILL");
  for (const p of final) signal(p, "SIGKILL");
  // SIGKILL is asynchronous too; resolve only once the tree is really gone, so callers can rely on it.
  await waitForExit(targets, pid, platform, SIGKILL_WAIT_MS);
  return { terminated, killed: final.size };
}

async function waitForExit(
  targets: Map<number, string | undefined>,
  group: number,
  platform: NodeJS.Platform,
  ms: number,
): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = survivors(targets, group, platform);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(POLL_MS);
    left = survivors(targets, group, platform);
  }
  return left;
}

/** SIGKILL to the group of `pid` and its descendants, synchronously — for a `process.on("exit")` handler. */
export function killTreeSync(pid: number, extraPids: readonly number[] = []): void {
  if (process.platform === "win32") {
    windowsKill(pid);
    return;
  }
  const pids = [...listDescendants(pid), ...extraPids];
  signalGroup(pid, "SIGKILL");
  signal(pid, "SIGKILL");
  for (const p of pids) signal(p, "SIGKILL");
}

function windowsKill(pid: number): TerminateResult {
  // Windows has no process groups to signal; taskkill /T walks the tree itself.
  const r = spawnSync("taskkill", ["/pid", String(pid), "/T", "/F"], { windowsHide: true, stdio: "ignore" });
  return { terminated: 0, killed: r.status === 0 ? 1 : 0 };
}
