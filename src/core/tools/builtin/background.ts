// Background shell jobs (`bash` with run_in_background): each command runs in its own process group, its
// output is kept (bounded) so `bash_output` can hand out what is new since the last read, `kill_bash` ends
// the whole group, and `killAll` at session exit leaves no process behind. Every job (and every foreground
// command) carries the session's mark in its environment, so what detached from the group is found too.
import { spawn, type ChildProcess } from "node:child_process";
import { terminateTree } from "../../mcp/stdio/process-tree.js";
import type { Confined } from "../../sandbox/sandbox.js";
import { randomUUID } from "node:crypto";
import { endMarked, markedPids, MARK_VAR } from "./marked-processes.js";

/** Kept per job; older output is dropped (and counted) once a job prints more than this. */
const MAX_KEPT_CHARS = 1024 * 1024;

export type JobStatus = "running" | "exited" | "killed" | "failed";

export interface JobRead {
  id: string;
  command: string;
  status: JobStatus;
  /** Set once the job has exited on its own. */
  exitCode?: number;
  signal?: string;
  /** Output since the previous read (stdout and stderr in arrival order). */
  output: string;
  /** Characters of unread output that were dropped because the job printed too much between reads. */
  dropped: number;
}

interface Job {
  id: string;
  command: string;
  child: ChildProcess;
  status: JobStatus;
  exitCode?: number;
  signal?: string;
  error?: string;
  unread: string;
  dropped: number;
  done: Promise<void>;
}

export interface StartOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The sandboxed spawn of this command (§18.4), released when the job ends. */
  confined?: Confined;
}

export class BackgroundJobs {
  private readonly jobs = new Map<string, Job>();
  private next = 1;
  /** This session's mark: `CODEAGENT_JOB=<session>:<job id>` in every command's environment. */
  private readonly session = randomUUID();

  /** The mark of a foreground command (`bash` without run_in_background, `!cmd`): ended with the session. */
  markEnv(): Record<string, string> {
    return { [MARK_VAR]: `${this.session}:fg` };
  }

  start(command: string, o: StartOptions): { id: string } | { error: string } {
    let child: ChildProcess;
    const c = o.confined;
    const id = `bash_${this.next}`;
    try {
      child = spawn(c?.command ?? "bash", c?.args ?? ["-c", command], {
        cwd: c?.cwd ?? o.cwd,
        env: { ...(c?.env ?? o.env), [MARK_VAR]: `${this.session}:${id}:` },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
    } catch (e) {
      void c?.release();
      return { error: e instanceof Error ? e.message : String(e) };
    }
    if (c !== undefined) child.once("close", () => void c.release().catch(() => undefined));
    this.next++;
    let settle!: () => void;
    const job: Job = {
      id,
      command,
      child,
      status: "running",
      unread: "",
      dropped: 0,
      done: new Promise<void>((r) => (settle = r)),
    };
    const take = (chunk: Buffer) => {
      job.unread += chunk.toString("utf8");
      if (job.unread.length > MAX_KEPT_CHARS) {
        const cut = job.unread.length - MAX_KEPT_CHARS;
        job.dropped += cut;
        job.unread = job.unread.slice(cut);
      }
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.once("error", (e) => {
      job.status = "failed";
      job.error = e.message;
      settle();
    });
    child.once("exit", (code, signal) => {
      if (job.status === "running") job.status = code === null ? "killed" : "exited";
      if (code !== null) job.exitCode = code;
      if (signal !== null) job.signal = signal;
      settle();
    });
    this.jobs.set(id, job);
    return { id };
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  ids(): string[] {
    return [...this.jobs.keys()];
  }

  /** What is new since the last read; undefined for an unknown id. */
  read(id: string): JobRead | undefined {
    const job = this.jobs.get(id);
    if (job === undefined) return undefined;
    const r: JobRead = {
      id,
      command: job.command,
      status: job.status,
      output: job.unread + (job.error !== undefined ? `\n[could not start: ${job.error}]` : ""),
      dropped: job.dropped,
      ...(job.exitCode !== undefined && { exitCode: job.exitCode }),
      ...(job.signal !== undefined && { signal: job.signal }),
    };
    job.unread = "";
    job.dropped = 0;
    job.error = undefined;
    return r;
  }

  /**
   * Ends the job's whole process group and every process carrying its mark — also what it left running
   * after its shell exited (`cmd &`, `nohup`, `setsid`); false for an unknown id.
   */
  async kill(id: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (job === undefined) return false;
    const mark = `${this.session}:${id}:`;
    if (job.status === "running" && job.child.pid !== undefined) {
      job.status = "killed";
      await terminateTree(job.child.pid, { graceMs: 1000, extraPids: markedPids(mark) }).catch(
        () => undefined,
      );
      // The exit event may lag the kill a little; the status must say it is over when this returns.
      await Promise.race([job.done, new Promise((r) => setTimeout(r, 2000))]);
    }
    await endMarked(mark, 1000);
    return true;
  }

  /** Session exit: every job, and everything any command of the session left running, is ended. */
  async killAll(): Promise<void> {
    await Promise.all([...this.jobs.keys()].map((id) => this.kill(id)));
    await endMarked(`${this.session}:`, 1000);
  }

  /** Resolves when the job has exited (tests, and `bash_output` waits nothing: it never blocks). */
  async exited(id: string): Promise<void> {
    await this.jobs.get(id)?.done;
  }
}
