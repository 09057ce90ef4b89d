// The server manager (§4): one supervisor per configured server, started in parallel with a bounded wait,
// looked up by name, their state and list changes as one stream of events, every use of a server (which starts
// a lazy one, §20.1), and all of them ended together.
import { EventEmitter } from "node:events";
import type { LoadedConfig, ServerConfig } from "../../config/types.js";
import type { VariableLookup } from "../../config/expand.js";
import { CodeagentError } from "../../errors.js";
import { SYSTEM_CLOCK, type Clock } from "./clock.js";
import type { CallOptions, McpConnection } from "../connection/connection.js";
import type { RelayedTaskMethod } from "../connection/tasks-relay.js";
import { ServerLog } from "./logs.js";
import type { ClientSetup } from "../connection/open.js";
import { DEFAULT_RESTART_POLICY } from "./restart-policy.js";
import type { ApprovalChecker } from "./rules.js";
import type { ServerLists, ServerSnapshot, ServerState } from "./state.js";
import { ServerSupervisor } from "./supervisor.js";
import { ToolCache } from "./tool-cache.js";
import { startupModeOf, type StartupMode } from "./lazy.js";

export type { ApprovalChecker } from "./rules.js";

export interface ManagerOptions extends ClientSetup {
  config: LoadedConfig;
  variables: VariableLookup;
  approvals?: ApprovalChecker;
  logsDir?: string;
  cacheDir?: string;
  /** The wait before each restart after a crash; its length is the number of attempts (§4.4). */
  restartDelaysMs?: number[];
  /** Where the supervisors read the time and set their timers (tests pass a `ManualClock`). */
  clock?: Clock;
  /**
   * Serve servers whose tool lists are in the warm cache from it alone, without starting them (they stay
   * `starting` with cached lists). For one-shot lookups such as `mcp search`, where starting a server only
   * to end it costs more than the whole command.
   */
  cachedOnly?: boolean;
  /**
   * When servers whose entry sets no `startup` start (§20.1): "lazy" serves fresh cached tools and starts the
   * server on its first use; "eager" (default) starts every server now.
   */
  startup?: StartupMode;
  /** Start every server now, whatever its entry says (`mcp list`, `mcp get`: checking servers is their job). */
  startAll?: boolean;
}

export interface UseOptions {
  /** How long to wait for a server that was already starting; a server this use woke is waited for its start. */
  waitMs?: number;
}

export interface ManagerEvents {
  state: [name: string, state: ServerState];
  lists: [name: string, lists: ServerLists];
}

export class McpManager extends EventEmitter<ManagerEvents> {
  private readonly supervisors = new Map<string, ServerSupervisor>();
  /** Aborted by shutdown: no server starts or restarts after it. */
  private readonly session = new AbortController();
  private readonly cache: ToolCache | undefined;

  constructor(opts: ManagerOptions) {
    super();
    const cache = opts.cacheDir === undefined ? undefined : new ToolCache(opts.cacheDir);
    this.cache = cache;
    const policy =
      opts.restartDelaysMs === undefined
        ? DEFAULT_RESTART_POLICY
        : { ...DEFAULT_RESTART_POLICY, delaysMs: opts.restartDelaysMs };
    for (const def of opts.config.servers) {
      const name = def.name;
      const supervisor = new ServerSupervisor({
        def,
        log: new ServerLog(name, opts.logsDir === undefined ? {} : { dir: opts.logsDir }),
        setup: opts,
        variables: opts.variables,
        approvals: opts.approvals,
        cache,
        ...(opts.cachedOnly === true && { cachedOnly: true }),
        startup: startupModeOf(def.config?.startup, opts.startup, opts.startAll === true),
        policy,
        clock: opts.clock ?? SYSTEM_CLOCK,
        signal: this.session.signal,
        onState: (state) => this.emit("state", name, state),
        onLists: (lists) => this.emit("lists", name, lists),
      });
      this.supervisors.set(name, supervisor);
    }
  }

  names(): string[] {
    return [...this.supervisors.keys()];
  }

  has(name: string): boolean {
    return this.supervisors.has(name);
  }

  /** Starts every enabled, approved, valid server; resolves once all settled or `waitMs` passed. */
  async start(opts: { waitMs: number; only?: string[] }): Promise<void> {
    const only = opts.only === undefined ? undefined : new Set(opts.only);
    for (const s of this.supervisors.values()) if (only === undefined || only.has(s.name)) s.start();
    await this.waitForStartup(opts.waitMs);
  }

  /** Waits until no server is starting, or `waitMs` passed. */
  async waitForStartup(waitMs: number): Promise<void> {
    const pending = [...this.supervisors.values()].flatMap((s) => (s.starting ? [s.starting] : []));
    if (pending.length > 0) await settledWithin(Promise.allSettled(pending), waitMs);
  }

  /** Waits (bounded) for one server's start in progress to settle. */
  async waitForServer(name: string, waitMs: number): Promise<void> {
    const p = this.supervisor(name).starting;
    if (p !== undefined) await settledWithin(p, waitMs);
  }

  snapshot(name: string): ServerSnapshot {
    return this.supervisor(name).snapshot();
  }

  snapshots(): ServerSnapshot[] {
    return this.names().map((n) => this.snapshot(n));
  }

  /** The config after ${VAR} expansion, once the server has been started; undefined before. */
  resolvedConfig(name: string): ServerConfig | undefined {
    return this.supervisor(name).resolvedConfig;
  }

  log(name: string): ServerLog {
    return this.supervisor(name).log;
  }

  /** The live connection of a ready server, or a SERVER_UNAVAILABLE error saying why there is none. */
  connection(name: string): McpConnection {
    return this.supervisor(name).connection();
  }

  /** Resolves once no re-listing after list_changed is pending or running for this server. */
  listsSettled(name: string): Promise<void> {
    return this.supervisor(name).listsSettled();
  }

  /**
   * Lists gone stale by their 2026-07-28 cache hints are listed again in the background (§14), so that the
   * session uses fresh ones; the lists of 2025-era servers (no hints) follow their notifications as before.
   */
  revalidate(): void {
    for (const s of this.supervisors.values()) s.revalidate();
  }

  /**
   * Runs `fn` on the server's live connection: an idle server is started first and waited for (its start is
   * bounded by its startupTimeoutMs), one still starting is waited for up to `waitMs`; the idle timeout does
   * not stop the server while `fn` runs. A server that cannot serve rejects with the reason, naming it.
   */
  async use<T>(name: string, fn: (c: McpConnection) => Promise<T>, o: UseOptions = {}): Promise<T> {
    const s = this.supervisor(name);
    const release = s.hold();
    try {
      const { starting, woken } = s.wake();
      if (starting !== undefined)
        await (woken ? starting.catch(() => undefined) : settledWithin(starting, o.waitMs ?? 30_000));
      return await fn(s.connection());
    } finally {
      release();
    }
  }

  /** Calls through the live connection (starting a lazy server); a lost connection fails at once with the reason. */
  async callTool(server: string, tool: string, args: Record<string, unknown>, o?: CallOptions) {
    return this.use(server, (c) => c.callTool(tool, args, o));
  }

  // The rest of a server's requests (starting a lazy server as a call does), so nothing outside core/mcp
  // holds a connection.
  readResource(server: string, uri: string, o?: CallOptions): Promise<Record<string, unknown>> {
    return this.use(server, (c) => c.readResource(uri, o));
  }

  /** A request on a task `server` answered a call with (the gateway relays its caller's, §22). */
  taskRequest(
    server: string,
    method: RelayedTaskMethod,
    params: { taskId: string } & Record<string, unknown>,
    o?: CallOptions,
  ) {
    return this.use(server, (c) => c.taskRequest(method, params, o));
  }

  getPrompt(server: string, name: string, args: Record<string, string>, o?: CallOptions) {
    return this.use(server, (c) => c.getPrompt(name, args, o));
  }

  listResources(server: string, o?: CallOptions) {
    return this.use(server, (c) => c.listResources(o));
  }

  listResourceTemplates(server: string, o?: CallOptions) {
    return this.use(server, (c) => c.listResourceTemplates(o));
  }

  listPrompts(server: string, o?: CallOptions) {
    return this.use(server, (c) => c.listPrompts(o));
  }

  /** Clears a server's caches and starts it again (all servers when no name is given). */
  async refresh(name?: string, opts: { waitMs?: number } = {}): Promise<void> {
    const targets = name === undefined ? [...this.supervisors.values()] : [this.supervisor(name)];
    await Promise.all(targets.map((s) => s.refresh()));
    if (opts.waitMs !== undefined) await this.waitForStartup(opts.waitMs);
  }

  async disable(name: string): Promise<void> {
    await this.supervisor(name).disable();
  }

  enable(name: string): void {
    this.supervisor(name).enable();
  }

  /** Approves nothing itself; re-evaluates a server that was awaiting approval and starts it. */
  approved(name: string): void {
    this.supervisor(name).approved();
  }

  /** Ends every server (whole process trees) and never respawns afterwards. */
  async shutdown(): Promise<void> {
    this.session.abort(new CodeagentError("CANCELLED", "shutting down"));
    await Promise.all([...this.supervisors.values()].map((s) => s.stop()));
  }

  private supervisor(name: string): ServerSupervisor {
    const s = this.supervisors.get(name);
    if (s === undefined)
      throw new CodeagentError("UNKNOWN_SERVER", `no MCP server named "${name}" is configured`);
    return s;
  }
}

/** Resolves when `p` settles or after `ms`, whichever is first; never rejects. */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}
