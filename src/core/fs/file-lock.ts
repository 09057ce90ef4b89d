// A cross-process lock for a read-modify-write of one file: `<file>.lock`, created with O_EXCL and holding the
// owner's pid, host and time. Waiters retry with a short backoff; a lock whose owner is gone (dead pid on this
// host, or older than `staleMs`) is broken. Re-entrant within a process, so helpers may nest.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { CodeagentError } from "../errors.js";
import { realTarget } from "./atomic-write.js";

export interface LockOptions {
  /** How long to wait for another process before giving up (default 15 s). */
  waitMs?: number;
  /** A lock older than this is taken to be left by a crashed process (default 30 s; holders take milliseconds). */
  staleMs?: number;
}

const DEFAULT_WAIT_MS = 15_000;
const DEFAULT_STALE_MS = 30_000;
const held = new Map<string, number>();
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** The lock file guarding `file` (next to the real target, so two paths to one file share a lock). */
export function lockPath(file: string): string {
  return `${realTarget(file)}.lock`;
}

/** Runs `fn` while holding the lock of `file`. Synchronous: waiting blocks the thread (for milliseconds). */
export function withFileLock<T>(file: string, fn: () => T, opts: LockOptions = {}): T {
  const lock = lockPath(file);
  const depth = held.get(lock) ?? 0;
  if (depth === 0) acquire(lock, opts, (ms) => void Atomics.wait(sleeper, 0, 0, ms));
  held.set(lock, depth + 1);
  try {
    return fn();
  } finally {
    release(lock);
  }
}

const queues = new Map<string, Promise<unknown>>();

/** Like withFileLock for an async read-modify-write; callers in this process are queued, not re-entrant. */
export async function withFileLockAsync<T>(
  file: string,
  fn: () => Promise<T>,
  opts: LockOptions = {},
): Promise<T> {
  const lock = lockPath(file);
  const before = queues.get(lock) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((r) => (done = r));
  const tail = before.then(() => mine);
  queues.set(lock, tail);
  await before;
  try {
    await acquireAsync(lock, opts);
    held.set(lock, 1);
    try {
      return await fn();
    } finally {
      release(lock);
    }
  } finally {
    done();
    if (queues.get(lock) === tail) queues.delete(lock);
  }
}

function release(lock: string): void {
  const depth = (held.get(lock) ?? 1) - 1;
  if (depth > 0) return void held.set(lock, depth);
  held.delete(lock);
  rmSync(lock, { force: true });
}

function acquire(lock: string, opts: LockOptions, sleep: (ms: number) => void): void {
  const deadline = Date.now() + (opts.waitMs ?? DEFAULT_WAIT_MS);
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lock)) return;
    if (breakIfStale(lock, opts.staleMs ?? DEFAULT_STALE_MS) && tryCreate(lock)) return;
    if (Date.now() >= deadline) throw timeoutError(lock, opts);
    sleep(backoff(attempt));
  }
}

async function acquireAsync(lock: string, opts: LockOptions): Promise<void> {
  const deadline = Date.now() + (opts.waitMs ?? DEFAULT_WAIT_MS);
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lock)) return;
    if (breakIfStale(lock, opts.staleMs ?? DEFAULT_STALE_MS) && tryCreate(lock)) return;
    if (Date.now() >= deadline) throw timeoutError(lock, opts);
    await new Promise((r) => setTimeout(r, backoff(attempt)));
  }
}

function backoff(attempt: number): number {
  return Math.min(100, 2 + attempt * 3) + Math.floor(Math.random() * 5);
}

function timeoutError(lock: string, opts: LockOptions): CodeagentError {
  return new CodeagentError(
    "INTERNAL",
    `${lock} has been locked by another codeagent process for over ${Math.round((opts.waitMs ?? DEFAULT_WAIT_MS) / 1000)} s; ` +
      `if none is running, delete ${lock} and try again`,
  );
}

export interface Owner {
  pid: number;
  host: string;
  time: number;
}

/** O_EXCL create; true when this process now owns the lock. */
function tryCreate(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, "wx", 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code === "ENOENT") {
      // Locks live in codeagent's own directories (or next to a project's config): owner-only when new.
      mkdirSync(dirname(lock), { recursive: true, mode: 0o700 });
      return tryCreate(lock);
    }
    throw e;
  }
  try {
    const owner: Owner = { pid: process.pid, host: hostname(), time: Date.now() };
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwner(file: string): { text: string; mtimeMs: number; owner?: Owner } | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const v = JSON.parse(text) as Partial<Owner>;
    if (typeof v.pid === "number" && typeof v.host === "string" && typeof v.time === "number")
      return { text, mtimeMs, owner: v as Owner };
  } catch {
    // Half-written by an owner that is writing it right now, or garbage: judged by its age only.
  }
  return { text, mtimeMs };
}

/** Pure: was a lock with this owner left behind (its process gone, or older than any holder takes)? */
export function isStale(
  owner: Owner,
  now: number,
  staleMs: number,
  here: { host: string; alive: (pid: number) => boolean },
): boolean {
  if (owner.host === here.host && !here.alive(owner.pid)) return true;
  return now - owner.time > staleMs;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes a stale lock; true when it did (or the lock vanished). The lock is first renamed aside, so two
 * processes breaking it at once cannot delete a fresh lock that a third just created; if what was moved
 * turns out not to be the stale one, it is put back.
 */
function breakIfStale(lock: string, staleMs: number): boolean {
  const seen = readOwner(lock);
  if (seen === undefined) return true;
  const here = { host: hostname(), alive };
  // An owner still being written (or garbage) is judged by the file's age alone.
  const judged = seen.owner ?? { pid: -1, host: "", time: seen.mtimeMs };
  if (!isStale(judged, Date.now(), staleMs, here)) return false;
  const aside = `${lock}.${randomBytes(4).toString("hex")}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return true;
  }
  const moved = readOwner(aside);
  if (moved !== undefined && moved.text !== seen.text) {
    try {
      linkSync(aside, lock);
    } catch {
      // Someone created a new lock meanwhile; theirs stands.
    }
  }
  rmSync(aside, { force: true });
  return true;
}
