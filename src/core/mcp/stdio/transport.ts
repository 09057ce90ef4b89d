// Over 300 lines: one Transport class (spawn, framing, shutdown of the process tree) whose parts share its
// state; the pure pieces (ndjson-reader, process-tree, child-env, last-words) are already files of their own.
// Layer 1 of the MCP host (SPEC §11): the SDK `Transport` over a child process's stdio. The server runs in its
// own process group; stdout is framed with a size cap and junk lines are skipped; stderr is always drained.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import crossSpawn from "cross-spawn";
import { stat } from "node:fs/promises";
import type { Transport, JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/client";
import { CodeagentError, errorMessage } from "../../errors.js";
import type { Confine } from "../../sandbox/server-sandbox.js";
import { JsonRpcReader } from "./ndjson-reader.js";
import { listDescendants, terminateTree } from "./process-tree.js";
import { pickLastWords, type Written } from "./last-words.js";
import { RecentOutput } from "./recent-output.js";
import { StderrLines } from "./stderr-lines.js";
import { ServerExitedError, spawnError, tooLargeError, type ExitInfo } from "./messages.js";
import { corkForTick } from "./coalesce.js";

export interface StdioTransportOptions {
  command: string;
  args: string[];
  /** The complete environment, already built with `childEnv`. */
  env: Record<string, string>;
  cwd?: string;
  /** Cap on one stdout message. Default 32 MiB. */
  maxMessageBytes?: number;
  onStderrLine?: (line: string) => void;
  /** The server's name, for the hint in an exit error on where to read its whole log. */
  server?: string;
  /** Lifecycle events and skipped stdout lines, as text for the server's log. */
  onEvent?: (text: string) => void;
  /** Wait after SIGTERM before SIGKILL on close. Default 2000 ms; stdin gets half of it first. */
  killGraceMs?: number;
  /** The OS sandbox (§18.3): what to spawn instead; what it denies is quoted like a stderr line. */
  confine?: Confine;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
/** After `exit`, how long to wait for stdout/stderr to end; a grandchild may still hold them open. */
const STREAMS_AFTER_EXIT_MS = 250;

type Phase = "new" | "starting" | "open" | "closing" | "closed";

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private phase: Phase = "new";
  private child: ChildProcessWithoutNullStreams | undefined;
  private exit: ExitInfo | undefined;
  private reason: CodeagentError | undefined;
  private deliberate = false;
  private finishedOnce = false;
  private closeNotified = false;
  private started: Promise<void> | undefined;
  private shutdownPromise: Promise<void> | undefined;
  private drain: Promise<void> | undefined;
  private rejectDrain: ((e: Error) => void) | undefined;
  private readonly finished: Promise<void>;
  private markFinished!: () => void;
  private readonly stdout: JsonRpcReader;
  private readonly stderr: StderrLines;
  /** The last stderr lines and unknown messages, bounded: the words an exit error quotes. */
  private readonly recent = new RecentOutput();
  private release: (() => Promise<void>) | undefined;
  /** Writing to its stdin failed with EPIPE: the process closed its input (most likely it had already ended). */
  private inputRefused = false;

  constructor(private readonly options: StdioTransportOptions) {
    this.finished = new Promise((resolve) => (this.markFinished = resolve));
    const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.stdout = new JsonRpcReader({
      maxMessageBytes,
      onMessage: (message) => this.deliver(message),
      onSkipped: (text) => this.event(text),
      onTooLarge: () => this.onTooLarge(tooLargeError(maxMessageBytes)),
    });
    this.stderr = new StderrLines((line) => {
      options.onStderrLine?.(line);
      this.recent.push({ from: "stderr", text: line });
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the process ended, once it has. */
  exitInfo(): ExitInfo | undefined {
    return this.exit;
  }

  /** Whether a write to the process's stdin failed with EPIPE: what was sent was never read. */
  refusedInput(): boolean {
    return this.inputRefused;
  }

  /** Why the connection ended when it was not closed deliberately: spawn failure, exit, oversized message. */
  closeReason(): CodeagentError | undefined {
    // A server's last words can be a message on stdout that the client handles only after the streams closed:
    // an exit reason built without words takes them when asked, if they have arrived since.
    if (
      this.reason instanceof ServerExitedError &&
      this.reason.words === undefined &&
      this.exit !== undefined
    ) {
      const words = pickLastWords(this.recent.list());
      if (words !== undefined) this.reason = new ServerExitedError(this.exit, words, this.options.server);
    }
    return this.reason;
  }

  /** The last stderr lines and unknown messages (blank lines dropped, each bounded), oldest first. */
  recentOutput(): Written[] {
    return this.recent.list();
  }

  /**
   * The words of a message the host has no method for (Twilio's `log` request): a server that says why it fails
   * that way, and exits, has its exit error quote them as it would a stderr line.
   */
  noteMessage(method: string, text: string): void {
    this.recent.push({ from: "message", method, text });
  }

  start(): Promise<void> {
    if (this.phase !== "new") return Promise.reject(new Error("StdioTransport already started"));
    this.phase = "starting";
    this.started = this.spawnChild();
    return this.started;
  }

  private async spawnChild(): Promise<void> {
    const { command: asked, env, cwd } = this.options;
    if (cwd !== undefined && !(await isDirectory(cwd))) {
      this.phase = "closed";
      this.finishedOnce = true;
      this.markFinished();
      throw (this.reason = spawnError(asked, { code: "ENOCWD" }, env, cwd));
    }
    let spec: { command: string; args: string[]; env: Record<string, string>; cwd?: string | undefined } = {
      command: asked,
      args: this.options.args,
      env,
      cwd,
    };
    if (this.options.confine !== undefined) {
      try {
        const confined = await this.options.confine(
          { command: asked, args: this.options.args, env, ...(cwd !== undefined && { cwd }) },
          (text) => {
            this.recent.push({ from: "stderr", text });
            this.event(text);
          },
        );
        this.release = () => confined.release();
        spec = confined;
      } catch (e) {
        this.phase = "closed";
        this.finishedOnce = true;
        this.markFinished();
        throw (this.reason =
          e instanceof CodeagentError
            ? e
            : new CodeagentError("SPAWN_FAILED", errorMessage(e), { cause: e }));
      }
    }
    const { command, args } = spec;
    // cross-spawn: on Windows, `npx`, `uvx` and other `.cmd` launchers need cmd.exe, which child_process only uses
    // with `shell: true` (and then splits arguments by its own rules); cross-spawn finds the launcher on PATH and
    // quotes each argument for cmd.exe. Elsewhere it is child_process.spawn unchanged.
    const child = crossSpawn(command, args, {
      env: spec.env,
      cwd: spec.cwd,
      detached: true,
      stdio: "pipe",
      windowsHide: true,
    }) as ChildProcessWithoutNullStreams;
    this.child = child;
    child.stdout.on("data", (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => this.stderr.push(chunk));
    // EPIPE and friends: the exit handler reports the real cause, so these must only not crash us.
    child.stdin.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") this.inputRefused = true;
      this.event(`stdin error: ${e.message}`);
    });
    child.stdout.on("error", (e) => this.event(`stdout error: ${e.message}`));
    child.stderr.on("error", (e) => this.event(`stderr error: ${e.message}`));
    child.once("exit", (code, signal) => this.onExit(code, signal));
    child.once("close", () => this.finish());
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => {
        this.phase = "open";
        const sandboxed = spec.command === asked ? "" : " (sandboxed)";
        this.event(`spawned pid ${child.pid}: ${[asked, ...this.options.args].join(" ")}${sandboxed}`);
        resolve();
      });
      child.once("error", (e: NodeJS.ErrnoException) => {
        if (this.phase !== "starting") {
          this.onerror?.(e);
          return;
        }
        // Never opened, so no `onclose` of its own; the `close` event that follows must not fire one either.
        this.phase = "closed";
        this.finishedOnce = true;
        this.markFinished();
        void this.release?.().catch(() => undefined);
        reject((this.reason = spawnError(asked, e, env, cwd)));
      });
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    if (this.phase !== "open" || child === undefined) {
      throw new CodeagentError("CONNECTION_CLOSED", "the connection to the server is closed");
    }
    corkForTick(child.stdin);
    if (!child.stdin.write(JSON.stringify(message) + "\n")) await this.waitForDrain(child);
  }

  /** One shared wait, so that many concurrent senders do not pile up `drain` listeners. */
  private waitForDrain(child: ChildProcessWithoutNullStreams): Promise<void> {
    this.drain ??= new Promise<void>((resolve, reject) => {
      this.rejectDrain = reject;
      child.stdin.once("drain", () => {
        this.drain = undefined;
        resolve();
      });
    });
    return this.drain;
  }

  setProtocolVersion(version: string): void {
    this.event(`protocol version ${version}`);
  }

  /** Ends the server and its process tree; idempotent, never rejects. */
  close(): Promise<void> {
    if (this.reason === undefined && this.exit === undefined) this.deliberate = true;
    return this.shutdown();
  }

  private shutdown(): Promise<void> {
    this.shutdownPromise ??= this.stopChild().catch((e: unknown) => {
      this.event(`error while stopping: ${e instanceof Error ? e.message : String(e)}`);
    });
    return this.shutdownPromise;
  }

  private async stopChild(): Promise<void> {
    if (this.phase === "starting") await this.started?.catch(() => undefined);
    const child = this.child;
    if (child?.pid === undefined || this.phase === "new" || this.exit !== undefined) {
      this.phase = this.phase === "new" ? "closed" : this.phase;
      this.finish();
      this.notifyClose();
      return;
    }
    this.phase = "closing";
    const graceMs = this.options.killGraceMs ?? 1000;
    // Collect descendants while the server is alive: once it exits, its orphans can no longer be traced to it.
    const descendants = listDescendants(child.pid);
    child.stdin.end();
    // A well-behaved server exits when stdin closes; one that broke the protocol gets no such courtesy.
    if (this.deliberate) {
      const exited = await Promise.race([
        this.finished.then(() => true),
        delay(graceMs / 2).then(() => false),
      ]);
      if (!exited) this.event(`still running ${graceMs / 2} ms after stdin closed; sending SIGTERM`);
    }
    // The common case: the server exited on its own and left nothing behind. Two kill(0) probes prove it, where
    // terminateTree would scan the whole process table three times (tens of ms per server on a busy machine).
    if (this.exit === undefined || treeMayLive(child.pid, descendants)) {
      const result = await terminateTree(child.pid, { graceMs, extraPids: descendants });
      if (result.killed > 0)
        this.event(`sent SIGKILL to ${result.killed} process(es) alive after ${graceMs} ms`);
    }
    await Promise.race([this.finished, delay(graceMs)]);
    this.finish();
  }

  private deliver(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private onTooLarge(error: CodeagentError): void {
    this.reason ??= error;
    this.event(error.message);
    this.onerror?.(error);
    void this.shutdown();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exit = { code, signal };
    this.event(signal !== null ? `killed by signal ${signal}` : `exited with code ${code}`);
    // `close` normally follows once stdout and stderr end; do not wait forever for a grandchild holding them.
    setTimeout(() => this.finish(), STREAMS_AFTER_EXIT_MS).unref();
  }

  /** The single end of the connection: flush, record why, fail pending writes, fire `onclose` once. */
  private finish(): void {
    if (this.finishedOnce) return;
    this.finishedOnce = true;
    const crashed = this.phase === "open";
    this.phase = "closed";
    this.stdout.end();
    this.stderr.end();
    if (!this.deliberate && this.reason === undefined && this.exit !== undefined) {
      const words = pickLastWords(this.recent.list());
      this.reason = new ServerExitedError(this.exit, words, this.options.server);
    }
    this.rejectDrain?.(new CodeagentError("CONNECTION_CLOSED", "the connection to the server is closed"));
    this.drain = undefined;
    const child = this.child;
    child?.stdout.destroy();
    child?.stderr.destroy();
    child?.stdin.destroy();
    // A server that died on its own may leave children in its group; end them too (never awaited by anyone).
    if (crashed && child?.pid !== undefined) {
      terminateTree(child.pid, { graceMs: this.options.killGraceMs }).catch(() => undefined);
    }
    void this.release?.().catch(() => undefined);
    this.markFinished();
    this.notifyClose();
  }

  private notifyClose(): void {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.onclose?.();
  }

  private event(text: string): void {
    this.options.onEvent?.(text);
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether any part of an exited server's tree may still run: a member of its process group, or a descendant seen
 * before stdin closed. Errs towards "yes" (a recycled pid, a zombie not yet reaped, Windows without groups).
 */
function treeMayLive(pid: number, descendants: readonly number[]): boolean {
  if (process.platform === "win32") return true;
  return [-pid, ...descendants].some((p) => {
    try {
      process.kill(p, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code !== "ESRCH";
    }
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
