// One server's supervisor (§4): its state (§4.1), its start attempts, its live connection and caches (§4.3),
// restarts after a crash as the restart policy decides (§4.4), list_changed, lazy start and idle stop (§20.1),
// and its stop. Time comes from an injected clock; the session's signal ends it for good.
// Over 300 lines: one state machine whose transitions read best side by side.
import { dirname } from "node:path";
import type { ServerConfig, ServerDefinition, VariableUse } from "../../config/types.js";
import type { VariableLookup } from "../../config/expand.js";
import { expandServerConfig } from "../../config/expand.js";
import { lookupForScope } from "../../config/dotenv-boundary.js";
import { CodeagentError, errorMessage } from "../../errors.js";
import type { Clock } from "./clock.js";
import { Coalescer } from "./coalesce.js";
import type { McpConnection, ServerInfo } from "../connection/connection.js";
import { fetchLists, type ListKind } from "./fetch-lists.js";
import type { ServerLog } from "./logs.js";
import { Masker } from "./mask.js";
import { openServer, type ClientSetup } from "../connection/open.js";
import { NO_FAILURES, decideRestart, type DownEvent, type RestartPolicy } from "./restart-policy.js";
import { failedState, initialState, secretsFor, unavailable, type ApprovalChecker } from "./rules.js";
import { EMPTY_LISTS, sameLists, stateError, transportOf } from "./state.js";
import type { ServerLists, ServerSnapshot } from "./state.js";
import { IdleWatch, staysIdle, type StartupMode } from "./lazy.js";
import type { ServerState } from "./state.js";
import { configCacheKey, type ToolCache } from "./tool-cache.js";
import { cachedToolsServable, listsToRevalidate } from "./cache-hints.js";
import { startupFailure } from "./startup-failure.js";

export interface SupervisorOptions {
  def: ServerDefinition;
  log: ServerLog;
  setup: ClientSetup;
  variables: VariableLookup;
  approvals?: ApprovalChecker | undefined;
  cache: ToolCache | undefined;
  /** A server with cached lists is served from them and never started (`ManagerOptions.cachedOnly`). */
  cachedOnly?: boolean;
  /** "lazy": with fresh cached lists the server stays `idle` until its first use (§20.1). */
  startup: StartupMode;
  policy: RestartPolicy;
  clock: Clock;
  /** The session's: once aborted, nothing starts or restarts again. */
  signal: AbortSignal;
  onState: (state: ServerState) => void;
  onLists: (lists: ServerLists) => void;
}

export class ServerSupervisor {
  private state: ServerState;
  private lists: ServerLists = EMPTY_LISTS;
  private info: ServerInfo | undefined;
  private variables: VariableUse[] = [];
  private resolved: ServerConfig | undefined;
  private live: McpConnection | undefined;
  /** The start in progress, if any. */
  starting: Promise<void> | undefined;
  private abort: AbortController | undefined;
  /** Bumped by every start and stop: work of an older generation finds it moved on and drops its result. */
  private generation = 0;
  private history = NO_FAILURES;
  private cancelRestart: (() => void) | undefined;
  /** The warm-cache key of the resolved config, once known. */
  private cacheKey: string | undefined;
  /** Set by refresh(): the next start lists everything, whatever the cache hints say. */
  private listEverything = false;
  /** Kinds the server announced as changed since they were last listed (a re-list then always reports). */
  private readonly announced = new Set<ListKind>();
  private readonly relister = new Coalescer<ListKind>((kinds) => this.relist(kinds));
  /** A use (or a refresh) asked for the server itself: a lazy start does not stop at the cache. */
  private wanted = false;
  private readonly idle: IdleWatch;

  constructor(private readonly o: SupervisorOptions) {
    this.state = initialState(o.def, { cwd: o.setup.cwd, approvals: o.approvals });
    this.idle = new IdleWatch(o.clock, o.def.config?.idleTimeoutMs, () => this.stopIdle());
  }

  get name(): string {
    return this.o.def.name;
  }

  get log(): ServerLog {
    return this.o.log;
  }

  /** The config after ${VAR} expansion, once the server has been started; undefined before. */
  get resolvedConfig(): ServerConfig | undefined {
    return this.resolved;
  }

  snapshot(): ServerSnapshot {
    const def = this.o.def;
    return {
      name: def.name,
      scope: def.scope,
      source: def.source,
      transport: this.info?.transport ?? transportOf(def),
      state: this.state,
      error: stateError(this.state),
      definition: def,
      lists: this.lists,
      info: this.info,
      variables: this.variables,
    };
  }

  /** The live connection of a ready server, or a SERVER_UNAVAILABLE error saying why there is none. */
  connection(): McpConnection {
    const c = this.live;
    if (this.state.status === "ready" && c !== undefined && !c.closed) {
      this.idle.arm(); // a use: the idle time counts from here
      return c;
    }
    throw unavailable(this.name, this.state);
  }

  /**
   * A use is coming (§20.1): an idle server starts; resolves with the start in progress, if any (bounded by
   * the server's startupTimeoutMs), so that the caller can wait for it.
   */
  wake(): { starting: Promise<void> | undefined; woken: boolean } {
    this.wanted = true;
    const woken = this.state.status === "idle";
    if (woken) {
      this.o.log.event("starting on first use");
      this.launch(0, true);
    }
    return { starting: this.starting, woken };
  }

  /** Marks a use in progress: the idle timeout does not stop the server under it. Returns the release. */
  hold(): () => void {
    return this.idle.hold();
  }

  /** Resolves once no re-listing after list_changed is pending or running. */
  listsSettled(): Promise<void> {
    return this.relister.idle();
  }

  /** The session's first start: an enabled, approved, valid server starts; the others say why not. */
  start(): void {
    if (this.o.def.error !== undefined) this.fail(new CodeagentError("CONFIG_INVALID", this.o.def.error));
    else if (this.state.status === "starting") this.launch(0);
    else if (this.state.status === "needs-approval")
      this.o.log.event("not started: project server awaiting approval (codeagent mcp approve)");
  }

  /** Clears the caches and starts again, with a fresh set of restart attempts. */
  async refresh(): Promise<void> {
    const s = this.state.status;
    if (this.o.def.error !== undefined || s === "disabled" || s === "needs-approval") return;
    await this.stop();
    this.history = NO_FAILURES;
    this.setLists(EMPTY_LISTS);
    this.listEverything = true;
    this.wanted = true;
    this.launch(0);
  }

  async disable(): Promise<void> {
    await this.stop();
    this.setLists(EMPTY_LISTS);
    this.setState({ status: "disabled" });
  }

  enable(): void {
    if (this.state.status !== "disabled") return;
    if (this.o.def.error !== undefined)
      return this.fail(new CodeagentError("CONFIG_INVALID", this.o.def.error));
    this.launch(0);
  }

  /** Approves nothing itself; starts a server that was awaiting approval. */
  approved(): void {
    if (this.state.status === "needs-approval") this.launch(0);
  }

  /** Ends the connection (the whole process tree for stdio) and any start or restart in progress. */
  async stop(): Promise<void> {
    this.generation++;
    this.cancelRestart?.();
    this.cancelRestart = undefined;
    this.idle.cancel();
    this.abort?.abort(new CodeagentError("CANCELLED", "stopped"));
    this.relister.clear();
    const conn = this.live;
    this.live = undefined;
    const starting = this.starting;
    await conn?.close();
    await starting?.catch(() => undefined);
    if (conn !== undefined) this.o.log.event("stopped");
  }

  private get ending(): boolean {
    return this.o.signal.aborted;
  }

  /** Stops a server nobody used for its idleTimeoutMs; it is `idle` at once, so the next use starts it. */
  private stopIdle(): void {
    if (this.state.status !== "ready" || this.ending) return;
    this.o.log.event(`unused for ${this.o.def.config?.idleTimeoutMs} ms: stopping (the next use starts it)`);
    void this.stop();
    this.setState({ status: "idle", since: this.o.clock.now() });
  }

  private launch(attempt: number, woken = false): void {
    if (this.ending) return;
    const gen = ++this.generation;
    const abort = new AbortController();
    this.abort = abort;
    const since = this.o.clock.now();
    this.setState({ status: "starting", since, attempt, ...(woken && { woken: true as const }) });
    const p = this.attempt(gen, abort).finally(() => {
      if (this.starting === p) this.starting = undefined;
    });
    this.starting = p;
  }

  private async attempt(gen: number, abort: AbortController): Promise<void> {
    const { def, log } = this.o;
    const config = def.config;
    if (config === undefined) return;
    const expanded = expandServerConfig(config, lookupForScope(def.scope, this.o.variables), {
      baseDir: def.baseDir ?? dirname(def.source),
    });
    if (!expanded.ok) return this.fail(expanded.error);
    const resolved = expanded.config;
    this.resolved = resolved;
    this.variables = expanded.variables;
    log.setMasker(new Masker(secretsFor(resolved, expanded.variables, this.o.variables)));
    const cacheKey = configCacheKey(def.name, resolved);
    this.cacheKey = cacheKey;
    const cached = this.o.cache?.read(cacheKey);
    const listEverything = this.listEverything;
    this.listEverything = false;
    // Cache hints are stamped with the wall-clock time a list arrived; freshness is judged on the same clock.
    const now = Date.now();
    // A one-shot lookup waits for the live tools of a server whose cached ones are stale by their hint.
    const stale =
      this.o.cachedOnly === true && cached !== undefined && !cachedToolsServable(cached.hints, now);
    if (this.lists.tools.length === 0 && cached !== undefined && !stale) this.setLists(cached);
    // Spawning is synchronous and slow: yield a whole turn of the event loop, so every server's cached tools
    // register, and whoever waits on them runs, before the first spawn.
    await new Promise<void>((r) => setImmediate(r));
    if (gen !== this.generation || this.ending) return;
    if (this.o.cachedOnly === true && cached !== undefined) {
      if (!stale) return;
      log.event("the cached tools are stale by their cache hint; starting the server to list them again");
    }
    if (staysIdle({ mode: this.o.startup, cached, wanted: this.wanted || listEverything, now })) {
      log.event("idle: tools registered from the cache; the server starts on first use");
      return this.setState({ status: "idle", since: this.o.clock.now() });
    }
    const timeoutMs = resolved.startupTimeoutMs;
    const cancelTimeout = this.o.clock.setTimeout(
      () => abort.abort(new CodeagentError("STARTUP_TIMEOUT", "timeout")),
      timeoutMs,
    );
    try {
      const { connection, lists: listed } = await openServer({
        name: def.name,
        config: resolved,
        scope: def.scope,
        baseDir: def.baseDir ?? dirname(def.source),
        log,
        setup: this.o.setup,
        signal: abort.signal,
        prior: cached?.verdict,
        cached: cached === undefined || listEverything ? undefined : { lists: cached, now },
        onListChanged: (kind) => {
          if (gen !== this.generation) return;
          this.announced.add(kind);
          this.relister.request(kind);
        },
        onUnexpectedClose: (reason) => this.onCrash(gen, reason),
      });
      if (gen !== this.generation || this.ending) {
        await connection.close();
        return;
      }
      this.live = connection;
      this.info = connection.info;
      const said = connection.info.instructions;
      const lists = said === undefined ? listed : { ...listed, instructions: said };
      this.o.cache?.write(cacheKey, lists, def.name);
      log.event(
        `ready: ${lists.tools.length} tools, ${lists.resources.length} resources, ${lists.prompts.length} prompts`,
      );
      this.lists = lists;
      this.setState({ status: "ready", since: this.o.clock.now() });
      this.o.onLists(lists);
      this.idle.arm();
    } catch (err) {
      if (gen !== this.generation || this.ending) return;
      this.fail(startupFailure(err, { def, timedOut: abort.signal.aborted, timeoutMs, log }));
      this.down({ kind: "start-failed" });
    } finally {
      cancelTimeout();
    }
  }

  private onCrash(gen: number, reason: CodeagentError): void {
    if (gen !== this.generation || this.ending) return;
    this.live = undefined;
    const readySince = this.state.status === "ready" ? this.state.since : undefined;
    this.o.log.event(`server stopped unexpectedly: ${reason.message}`);
    this.fail(reason);
    this.down({ kind: "crashed", code: reason.code, readySince });
  }

  /** Asks the restart policy what follows a failure, and does it. */
  private down(event: DownEvent): void {
    const { history, decision } = decideRestart({
      server: this.name,
      history: this.history,
      event,
      now: this.o.clock.now(),
      stopped: this.ending,
      policy: this.o.policy,
    });
    this.history = history;
    if (decision.action === "give-up") {
      if (this.state.status === "failed") {
        const error = {
          code: this.state.error.code,
          message: `${this.state.error.message} (${decision.note})`,
        };
        this.setState({ status: "failed", error, at: this.o.clock.now() });
      }
    } else if (decision.action === "restart") {
      this.o.log.event(
        `restarting in ${decision.afterMs} ms (attempt ${decision.attempt} of ${decision.attempts})`,
      );
      const gen = this.generation;
      this.cancelRestart = this.o.clock.setTimeout(
        () => {
          this.cancelRestart = undefined;
          if (gen === this.generation && !this.ending) this.launch(decision.attempt);
        },
        decision.afterMs,
        { unref: true },
      );
    }
  }

  /** Re-lists what changed (coalesced) and replaces the lists. */
  private async relist(kinds: Set<ListKind>): Promise<void> {
    const gen = this.generation;
    // A change announced while the start was still listing: the start's lists may predate it.
    if (this.live === undefined) await this.starting?.catch(() => undefined);
    const conn = this.live;
    if (gen !== this.generation || conn === undefined || this.resolved === undefined) return;
    const before = this.lists;
    const announced = [...kinds].some((k) => this.announced.has(k));
    for (const k of kinds) this.announced.delete(k);
    return fetchLists(conn, this.resolved, {
      only: kinds,
      previous: before,
      log: (t) => this.o.log.event(t),
    }).then(
      (got) => {
        if (gen !== this.generation) return;
        const said = before.instructions;
        const lists = said === undefined ? got : { ...got, instructions: said };
        if (this.cacheKey !== undefined) this.o.cache?.write(this.cacheKey, lists, this.name);
        // A re-list for a stale cache hint that found the same lists changes nothing the session uses.
        if (!announced && sameLists(before, lists)) {
          this.lists = lists;
          return;
        }
        this.o.log.event(`list changed (${[...kinds].join(", ")}): now ${lists.tools.length} tools`);
        this.setLists(lists);
      },
      (err: unknown) => this.o.log.event(`re-listing ${[...kinds].join(", ")} failed: ${errorMessage(err)}`),
    );
  }

  /**
   * Lists that went stale by their cache hints (§14) are listed again, in the background, before the session
   * next uses them (the agent calls this at the start of each turn). Lists without hints are left alone.
   */
  revalidate(): void {
    if (this.state.status !== "ready" || this.live === undefined) return;
    for (const kind of listsToRevalidate(this.lists.hints, Date.now())) this.relister.request(kind);
  }

  private fail(err: CodeagentError): void {
    this.o.log.event(`failed: ${err.message}`);
    this.setState(failedState(this.name, err, (t) => this.o.log.mask(t), this.o.clock.now()));
  }

  private setLists(lists: ServerLists): void {
    this.lists = lists;
    this.o.onLists(lists);
  }

  private setState(state: ServerState): void {
    this.state = state;
    this.o.onState(state);
  }
}
