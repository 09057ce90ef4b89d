// Layer 1 of the MCP host (SPEC §11): the SDK `Transport` over a child process's stdio. The server runs in its
// own process group; stdout is framed with a size cap and junk lines are skipped; stderr is always drained.
// How the server is started is launch.ts's, how it is ended stop-server.ts's; this class keeps their state.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Transport, JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/client";
import { CodeagentError } from "../../errors.js";
import type { Confine } from "../../sandbox/server-sandbox.js";
import { JsonRpcReader } from "./ndjson-reader.js";
import { terminateTree } from "./process-tree.js";
import { pickLastWords, type Written } from "./last-words.js";
import { RecentOutput } from "./recent-output.js";
import { StderrLines } from "./stderr-lines.js";
import { ServerExitedError, spawnError, tooLargeError, type ExitInfo } from "./messages.js";
import { prepareLaunch, spawnDetached, type Launch } from "./launch.js";
import { stopServer } from "./stop-server.js";
import { TickWriter } from "./coalesce.js";

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
  /**
   * Sees every message read, before `onmessage` does. The SDK's version probe takes `onmessage` over until the
   * client attaches and drops what is not its answer; this one is never replaced.
   */
  onread?: (message: JSONRPCMessage) => void;

  private phase: Phase = "new";
  private child: ChildProcessWithoutNullStreams | undefined;
  private exit: ExitInfo | undefined;
  private reason: CodeagentError | undefined;
  private deliberate = false;
  private finishedOnce = false;
  private closeNotified = false;
  private started: Promise<void> | undefined;
  private shutdownPromise: Promise<void> | undefined;
  private stdin: TickWriter | undefined;
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

  /**
   * Why the connection ended when it was not closed deliberately: spawn failure, exit, oversized message. Set
   * before `onclose` fires, from everything the server wrote and what handling its messages noted.
   */
  closeReason(): CodeagentError | undefined {
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
    const { command: asked, args, env, cwd } = this.options;
    let launch: Launch;
    try {
      launch = await prepareLaunch(
        { command: asked, args, env, ...(cwd !== undefined && { cwd }) },
        this.options.confine,
        (text) => {
          this.recent.push({ from: "stderr", text });
          this.event(text);
        },
      );
    } catch (e) {
      throw this.failedStart(e as CodeagentError);
    }
    this.release = launch.release;
    const spec = launch.spec;
    const child = spawnDetached(spec);
    this.child = child;
    this.stdin = new TickWriter(child.stdin);
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
        void this.release?.().catch(() => undefined);
        reject(this.failedStart(spawnError(asked, e, env, cwd)));
      });
    });
  }

  /** Never opened, so no `onclose` of its own; a `close` event that follows must not fire one either. */
  private failedStart(reason: CodeagentError): CodeagentError {
    this.phase = "closed";
    this.finishedOnce = true;
    this.markFinished();
    return (this.reason = reason);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.phase !== "open" || this.stdin === undefined) {
      return Promise.reject(
        new CodeagentError("CONNECTION_CLOSED", "the connection to the server is closed"),
      );
    }
    try {
      return this.stdin.write(JSON.stringify(message) + "\n");
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e))); // a send rejects, never throws
    }
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
      await this.finished;
      this.notifyClose();
      return;
    }
    this.phase = "closing";
    await stopServer(child, {
      graceMs: this.options.killGraceMs ?? 1000,
      deliberate: this.deliberate,
      finished: this.finished,
      exited: () => this.exit !== undefined,
      event: (text) => this.event(text),
    });
    this.finish();
    await this.finished;
  }

  private deliver(message: JSONRPCMessage): void {
    try {
      this.onread?.(message);
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

  /**
   * The single end of the connection: hand on what is left of stdout and stderr, fail pending writes, and once
   * the handling of those messages has settled (the SDK handles a request a few promise turns after it is read;
   * what it notes, such as a `log` request's words, may be why the server exited), record why and fire `onclose`.
   */
  private finish(): void {
    if (this.finishedOnce) return;
    this.finishedOnce = true;
    const crashed = this.phase === "open";
    this.phase = "closed";
    this.stdout.end();
    this.stderr.end();
    this.stdin?.fail(new CodeagentError("CONNECTION_CLOSED", "the connection to the server is closed"));
    const child = this.child;
    child?.stdout.destroy();
    child?.stderr.destroy();
    child?.stdin.destroy();
    // A server that died on its own may leave children in its group; end them too (never awaited by anyone).
    if (crashed && child?.pid !== undefined) {
      terminateTree(child.pid, { graceMs: this.options.killGraceMs }).catch(() => undefined);
    }
    void this.release?.().catch(() => undefined);
    setImmediate(() => {
      if (!this.deliberate && this.reason === undefined && this.exit !== undefined) {
        const words = pickLastWords(this.recent.list());
        this.reason = new ServerExitedError(this.exit, words, this.options.server);
      }
      this.markFinished();
      this.notifyClose();
    });
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
