// The server manager (§4): starts every configured server in parallel, waits a bounded time, isolates
// failures, keeps per-server caches and logs, restarts crashed servers with backoff, and ends them all.
import { EventEmitter } from "node:events";
import { dirname } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import type { LoadedConfig, ServerConfig, ServerDefinition, VariableUse } from "../config/types.js";
import type { VariableLookup } from "../config/expand.js";
import { expandServerConfig } from "../config/expand.js";
import { CodeagentError, errorMessage } from "../errors.js";
import type { Env } from "../paths.js";
import { McpConnection, type CallOptions, type ServerInfo } from "./connection.js";
import { ServerLog } from "./logs.js";
import { Masker } from "./mask.js";
import {
  EMPTY_LISTS,
  stateError,
  transportOf,
  type ServerLists,
  type ServerSnapshot,
  type ServerState,
} from "./server-state.js";
import { ToolCache, configCacheKey } from "./tool-cache.js";
import { Coalescer } from "./coalesce.js";
import { initialState, secretsFor, unavailable, type ApprovalChecker } from "./server-rules.js";
import { fetchLists, installListChangedHandlers, type ListKind } from "./lists.js";
import { startupFailure } from "./startup-failure.js";
import { ROOTS_CAPABILITIES, installRootsHandler } from "./roots.js";
import { ELICITATION_CAPABILITIES, declineElicitation, installElicitationHandler } from "./elicitation.js";
import type { RemoteFetchFactory } from "./oauth/remote-auth.js";

export type { ApprovalChecker } from "./server-rules.js";

export interface ManagerOptions {
  config: LoadedConfig;
  /** The project directory (approvals are keyed by it). */
  cwd: string;
  env?: Env;
  variables: VariableLookup;
  approvals?: ApprovalChecker;
  logsDir?: string;
  cacheDir?: string;
  /** Default: form elicitation, answered by `declineElicitation` until `setupClient` installs a real handler,
   * and roots. */
  capabilities?: ClientCapabilities;
  /** Directories the session works in beyond `cwd` (`--add-dir`), offered to servers as roots (§9). */
  addDirs?: readonly string[];
  /** The fetch of each remote server's transports (OAuth: `remoteAuth()` from `oauth/remote-auth.ts`). */
  remoteFetch?: RemoteFetchFactory;
  /** Extra client handlers (elicitation, roots…), installed on every new Client. */
  setupClient?: (server: string, client: Client) => void;
  restartDelaysMs?: number[];
}

export interface ManagerEvents {
  state: [name: string, state: ServerState];
  lists: [name: string, lists: ServerLists];
}

interface Entry {
  def: ServerDefinition;
  state: ServerState;
  lists: ServerLists;
  info: ServerInfo | undefined;
  variables: VariableUse[];
  resolved: ServerConfig | undefined;
  log: ServerLog;
  connection: McpConnection | undefined;
  starting: Promise<void> | undefined;
  abort: AbortController | undefined;
  generation: number;
  crashes: number;
  restartTimer: NodeJS.Timeout | undefined;
  relist: Coalescer<ListKind>;
}

const DEFAULT_RESTART_DELAYS = [500, 2000, 5000];
const STABLE_AFTER_MS = 60_000;

export class McpManager extends EventEmitter<ManagerEvents> {
  private readonly entries = new Map<string, Entry>();
  private readonly cache: ToolCache | undefined;
  private stopping = false;

  constructor(private readonly opts: ManagerOptions) {
    super();
    this.cache = opts.cacheDir === undefined ? undefined : new ToolCache(opts.cacheDir);
    for (const def of opts.config.servers) {
      const e: Entry = {
        def,
        state: initialState(def, opts),
        lists: EMPTY_LISTS,
        info: undefined,
        variables: [],
        resolved: undefined,
        log: new ServerLog(def.name, opts.logsDir === undefined ? {} : { dir: opts.logsDir }),
        connection: undefined,
        starting: undefined,
        abort: undefined,
        generation: 0,
        crashes: 0,
        restartTimer: undefined,
        relist: new Coalescer<ListKind>((kinds) => this.relist(e, kinds)),
      };
      this.entries.set(def.name, e);
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Starts every enabled, approved, valid server; resolves once all settled or `waitMs` passed. */
  async start(opts: { waitMs: number; only?: string[] }): Promise<void> {
    const only = opts.only === undefined ? undefined : new Set(opts.only);
    for (const e of this.entries.values()) {
      if (only !== undefined && !only.has(e.def.name)) continue;
      if (e.def.error !== undefined) {
        this.fail(e, new CodeagentError("CONFIG_INVALID", e.def.error));
      } else if (e.state.status === "starting") {
        this.launch(e);
      } else if (e.state.status === "needs-approval") {
        e.log.event("not started: project server awaiting approval (codeagent mcp approve)");
      }
    }
    await this.waitForStartup(opts.waitMs);
  }

  /** Waits until no server is starting, or `waitMs` passed. */
  async waitForStartup(waitMs: number): Promise<void> {
    const pending = [...this.entries.values()].flatMap((e) => (e.starting ? [e.starting] : []));
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending),
      new Promise<void>((r) => {
        timer = setTimeout(r, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Waits (bounded) for one server's start in progress to settle. */
  async waitForServer(name: string, waitMs: number): Promise<void> {
    const p = this.entry(name).starting;
    if (p === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([p.catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }

  snapshot(name: string): ServerSnapshot {
    const e = this.entry(name);
    return {
      name,
      scope: e.def.scope,
      source: e.def.source,
      transport: e.info?.transport ?? transportOf(e.def),
      state: e.state,
      error: stateError(e.state),
      definition: e.def,
      lists: e.lists,
      info: e.info,
      variables: e.variables,
    };
  }

  snapshots(): ServerSnapshot[] {
    return this.names().map((n) => this.snapshot(n));
  }

  /** The config after ${VAR} expansion, once the server has been started; undefined before. */
  resolvedConfig(name: string): ServerConfig | undefined {
    return this.entry(name).resolved;
  }

  log(name: string): ServerLog {
    return this.entry(name).log;
  }

  /** The live connection of a ready server, or a SERVER_UNAVAILABLE error saying why there is none. */
  connection(name: string): McpConnection {
    const e = this.entry(name);
    if (e.state.status === "ready" && e.connection !== undefined && !e.connection.closed) return e.connection;
    throw unavailable(name, e.state);
  }

  /** Resolves once no re-listing after list_changed is pending or running for this server. */
  listsSettled(name: string): Promise<void> {
    return this.entry(name).relist.idle();
  }

  /** Calls through the live connection; a lost connection fails at once with the reason. */
  async callTool(server: string, tool: string, args: Record<string, unknown>, o?: CallOptions) {
    return this.connection(server).callTool(tool, args, o);
  }

  /** Clears a server's caches and starts it again (all servers when no name is given). */
  async refresh(name?: string, opts: { waitMs?: number } = {}): Promise<void> {
    const targets = name === undefined ? [...this.entries.values()] : [this.entry(name)];
    await Promise.all(
      targets.map(async (e) => {
        if (e.def.error !== undefined || e.state.status === "disabled" || e.state.status === "needs-approval")
          return;
        await this.stopEntry(e);
        e.crashes = 0;
        e.lists = EMPTY_LISTS;
        this.emit("lists", e.def.name, e.lists);
        this.launch(e);
      }),
    );
    if (opts.waitMs !== undefined) await this.waitForStartup(opts.waitMs);
  }

  async disable(name: string): Promise<void> {
    const e = this.entry(name);
    await this.stopEntry(e);
    e.lists = EMPTY_LISTS;
    this.emit("lists", name, e.lists);
    this.setState(e, { status: "disabled" });
  }

  enable(name: string): void {
    const e = this.entry(name);
    if (e.state.status !== "disabled") return;
    if (e.def.error !== undefined) return this.fail(e, new CodeagentError("CONFIG_INVALID", e.def.error));
    this.launch(e);
  }

  /** Approves nothing itself; re-evaluates a server that was awaiting approval and starts it. */
  approved(name: string): void {
    const e = this.entry(name);
    if (e.state.status === "needs-approval") this.launch(e);
  }

  /** Ends every server (whole process trees) and never respawns afterwards. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.entries.values()].map((e) => this.stopEntry(e)));
  }

  private entry(name: string): Entry {
    const e = this.entries.get(name);
    if (e === undefined)
      throw new CodeagentError("UNKNOWN_SERVER", `no MCP server named "${name}" is configured`);
    return e;
  }

  private launch(e: Entry, attempt = 0): void {
    if (this.stopping) return;
    const gen = ++e.generation;
    const abort = new AbortController();
    e.abort = abort;
    this.setState(e, { status: "starting", since: Date.now(), attempt });
    const p = this.startEntry(e, gen, abort).finally(() => {
      if (e.starting === p) e.starting = undefined;
    });
    e.starting = p;
  }

  private async startEntry(e: Entry, gen: number, abort: AbortController): Promise<void> {
    const def = e.def;
    const config = def.config;
    if (config === undefined) return;
    const expanded = expandServerConfig(config, this.opts.variables, {
      baseDir: def.baseDir ?? dirname(def.source),
    });
    if (!expanded.ok) return this.fail(e, expanded.error);
    const resolved = expanded.config;
    e.resolved = resolved;
    e.variables = expanded.variables;
    e.log.setMasker(new Masker(secretsFor(resolved, expanded.variables, this.opts.variables)));
    const cacheKey = configCacheKey(def.name, resolved);
    const cached = this.cache?.read(cacheKey);
    if (e.lists.tools.length === 0 && cached !== undefined) {
      e.lists = cached;
      this.emit("lists", def.name, cached);
    }
    // Spawning is synchronous and slow: yield a whole turn of the event loop, so every server's cached tools
    // register, and whoever waits on them runs, before the first spawn.
    await new Promise<void>((r) => setImmediate(r));
    if (gen !== e.generation || this.stopping) return;
    const timeoutMs = resolved.startupTimeoutMs;
    const timer = setTimeout(() => abort.abort(new CodeagentError("STARTUP_TIMEOUT", "timeout")), timeoutMs);
    let conn: McpConnection | undefined;
    const capabilities = this.opts.capabilities ?? { ...ELICITATION_CAPABILITIES, ...ROOTS_CAPABILITIES };
    const fetch =
      resolved.transport === "stdio"
        ? undefined
        : this.opts.remoteFetch?.(def.name, resolved, (t) => e.log.event(t));
    try {
      conn = await McpConnection.open({
        name: def.name,
        config: resolved,
        log: e.log,
        ...(this.opts.env !== undefined && { parentEnv: this.opts.env }),
        signal: abort.signal,
        timeoutMs,
        capabilities,
        ...(fetch !== undefined && { fetch }),
        setup: (client) => {
          installListChangedHandlers(client, (kind) => {
            if (gen === e.generation) e.relist.request(kind);
          });
          if (capabilities.elicitation !== undefined)
            installElicitationHandler(
              client,
              declineElicitation((t) => e.log.event(t)),
            );
          if (capabilities.roots !== undefined)
            installRootsHandler(client, [this.opts.cwd, ...(this.opts.addDirs ?? [])]);
          this.opts.setupClient?.(def.name, client);
        },
        onUnexpectedClose: (reason) => this.onCrash(e, gen, reason),
        ...(cached?.verdict !== undefined && { prior: cached.verdict }),
      });
      const fetched = await fetchLists(conn, resolved, { signal: abort.signal });
      const lists = conn.verdict === undefined ? fetched : { ...fetched, verdict: conn.verdict };
      if (gen !== e.generation || this.stopping) {
        await conn.close();
        return;
      }
      e.connection = conn;
      e.info = conn.info;
      e.lists = lists;
      this.cache?.write(cacheKey, lists);
      e.log.event(
        `ready: ${lists.tools.length} tools, ${lists.resources.length} resources, ${lists.prompts.length} prompts`,
      );
      this.setState(e, { status: "ready", since: Date.now() });
      this.emit("lists", def.name, lists);
    } catch (err) {
      await conn?.close();
      if (gen !== e.generation || this.stopping) return;
      const timedOut = abort.signal.aborted;
      this.fail(e, startupFailure(err, { def, timedOut, timeoutMs, log: e.log }));
      // A failed first start is not retried on its own (§4.3); a failed restart after a crash is.
      if (e.crashes > 0) {
        e.crashes++;
        this.scheduleRestart(e);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private onCrash(e: Entry, gen: number, reason: CodeagentError): void {
    if (gen !== e.generation || this.stopping) return;
    e.connection = undefined;
    // A server that ran fine for a while gets a fresh set of restart attempts.
    if (e.state.status === "ready" && Date.now() - e.state.since > STABLE_AFTER_MS) e.crashes = 0;
    e.crashes++;
    e.log.event(`server stopped unexpectedly: ${reason.message}`);
    this.fail(e, reason);
    // Restarting would only hit the same oversized message again.
    if (reason.code !== "MESSAGE_TOO_LARGE") this.scheduleRestart(e);
  }

  private scheduleRestart(e: Entry): void {
    const delays = this.opts.restartDelaysMs ?? DEFAULT_RESTART_DELAYS;
    const delay = delays[e.crashes - 1];
    if (delay === undefined || this.stopping) {
      if (e.state.status === "failed") {
        const msg = `${e.state.error.message} (gave up after ${delays.length} restarts; /mcp refresh ${e.def.name} to try again)`;
        this.setState(e, {
          status: "failed",
          error: { code: e.state.error.code, message: msg },
          at: Date.now(),
        });
      }
      return;
    }
    e.log.event(`restarting in ${delay} ms (attempt ${e.crashes} of ${delays.length})`);
    const gen = e.generation;
    e.restartTimer = setTimeout(() => {
      e.restartTimer = undefined;
      if (gen === e.generation && !this.stopping) this.launch(e, e.crashes);
    }, delay);
    e.restartTimer.unref();
  }

  /** Re-lists what changed (coalesced per server) and replaces that server's lists. */
  private async relist(e: Entry, kinds: Set<ListKind>): Promise<void> {
    const gen = e.generation;
    // A change announced while the start was still listing: the start's lists may predate it.
    if (e.connection === undefined) await e.starting?.catch(() => undefined);
    const conn = e.connection;
    if (gen !== e.generation || conn === undefined || e.resolved === undefined) return;
    return fetchLists(conn, e.resolved, { only: kinds, previous: e.lists }).then(
      (lists) => {
        if (gen !== e.generation) return;
        e.lists = lists;
        e.log.event(`list changed (${[...kinds].join(", ")}): now ${lists.tools.length} tools`);
        this.emit("lists", e.def.name, lists);
      },
      (err: unknown) => e.log.event(`re-listing after list_changed failed: ${errorMessage(err)}`),
    );
  }

  private async stopEntry(e: Entry): Promise<void> {
    e.generation++;
    if (e.restartTimer !== undefined) clearTimeout(e.restartTimer);
    e.restartTimer = undefined;
    e.abort?.abort(new CodeagentError("CANCELLED", "stopped"));
    e.relist.clear();
    const conn = e.connection;
    e.connection = undefined;
    const starting = e.starting;
    await conn?.close();
    await starting?.catch(() => undefined);
    if (conn !== undefined) e.log.event("stopped");
  }

  private fail(e: Entry, err: CodeagentError): void {
    const error = { code: err.code, message: e.log.mask(err.message) };
    e.log.event(`failed: ${err.message}`);
    if (err.code === "NEEDS_AUTH") {
      const hint = `codeagent mcp login ${e.def.name}`;
      if (!error.message.includes(hint)) error.message = `${error.message}; run ${hint}`;
      this.setState(e, { status: "needs-auth", error });
    } else this.setState(e, { status: "failed", error, at: Date.now() });
  }

  private setState(e: Entry, state: ServerState): void {
    e.state = state;
    this.emit("state", e.def.name, state);
  }
}
