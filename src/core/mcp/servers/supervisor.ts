// One server's supervisor (§4): its state (§4.1), its start attempts, its live connection and caches (§4.3),
// restarts after a crash as the restart policy decides (§4.4), list_changed, lazy start and idle stop (§20.1),
// and its stop. Time comes from an injected clock; the session's signal ends it for good. What one start
// attempt does is start-attempt.ts's; this class applies its results.
import type { ServerConfig } from "../../config/types.js";
import { CodeagentError } from "../../errors.js";
import type { McpConnection, ServerInfo } from "../connection/connection.js";
import { Relisting, type RelistTarget } from "./relisting.js";
import type { ServerLog } from "./logs.js";
import type { DownEvent } from "./restart-policy.js";
import { Restarts } from "./restarts.js";
import { failedState, initialState, unavailable } from "./rules.js";
import {
  EMPTY_LISTS,
  keepCachedEntries,
  snapshotOf,
  type ServerLists,
  type ServerSnapshot,
  type ServerState,
} from "./state.js";
import { IdleWatch } from "./lazy.js";
import { listsToRevalidate } from "./cache-hints.js";
import { openForStart, planStart, type StartPlan } from "./start-attempt.js";
import type { SupervisorOptions } from "./supervisor-options.js";

export type { SupervisorOptions } from "./supervisor-options.js";

export class ServerSupervisor {
  readonly name: string;
  readonly log: ServerLog;
  private state: ServerState;
  private lists: ServerLists = EMPTY_LISTS;
  private info: ServerInfo | undefined;
  /** What the latest start resolved: the expanded config, the variables it used, the warm-cache key. */
  private plan: StartPlan | undefined;
  private live: McpConnection | undefined;
  /** The start in progress, if any. */
  starting: Promise<void> | undefined;
  private abort: AbortController | undefined;
  /** Bumped by every start and stop: work of an older generation finds it moved on and drops its result. */
  private generation = 0;
  private readonly restarts: Restarts;
  /** Set by refresh(): the next start lists everything, whatever the cache hints say. */
  private listEverything = false;
  private readonly relisting: Relisting;
  /** A use (or a refresh) asked for the server itself: a lazy start does not stop at the cache. */
  private wanted = false;
  private readonly idle: IdleWatch;

  constructor(private readonly o: SupervisorOptions) {
    ({ name: this.name } = o.def);
    this.log = o.log;
    this.state = initialState(o.def, { cwd: o.setup.cwd, approvals: o.approvals });
    this.idle = new IdleWatch(o.clock, o.def.config?.idleTimeoutMs, () => this.stopIdle());
    this.relisting = new Relisting({
      name: o.def.name,
      log: o.log,
      cache: o.cache,
      target: () => this.relistTarget(),
      apply: (lists, changed) => (changed ? this.setLists(lists) : (this.lists = lists)),
    });
    this.restarts = new Restarts({ server: o.def.name, policy: o.policy, clock: o.clock });
  }

  /** The config after ${VAR} expansion, once the server has been started; undefined before. */
  get resolvedConfig(): ServerConfig | undefined {
    return this.plan?.resolved;
  }

  snapshot(): ServerSnapshot {
    return snapshotOf(this.o.def, this.state, this.lists, this.info, this.plan?.variables ?? []);
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
    return this.relisting.settled();
  }

  /** The session's first start: an enabled, approved, valid server starts; the others say why not. */
  start(): void {
    if (this.invalid()) return;
    if (this.state.status === "starting") this.launch(0);
    else if (this.state.status === "needs-approval")
      this.o.log.event("not started: project server awaiting approval (codeagent mcp approve)");
  }

  /** Clears the caches and starts again, with a fresh set of restart attempts. */
  async refresh(): Promise<void> {
    const s = this.state.status;
    if (this.o.def.error !== undefined || s === "disabled" || s === "needs-approval") return;
    await this.stop();
    this.restarts.reset();
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
    if (this.state.status !== "disabled" || this.invalid()) return;
    this.launch(0);
  }

  /** Approves nothing itself; starts a server that was awaiting approval. */
  approved(): void {
    if (this.state.status === "needs-approval") this.launch(0);
  }

  /** Ends the connection (the whole process tree for stdio) and any start or restart in progress. */
  async stop(): Promise<void> {
    this.generation++;
    this.restarts.cancel();
    this.idle.cancel();
    this.abort?.abort(new CodeagentError("CANCELLED", "stopped"));
    this.relisting.clear();
    const conn = this.live;
    this.live = undefined;
    const starting = this.starting;
    await conn?.close();
    await starting?.catch(() => undefined);
    if (conn !== undefined) this.o.log.event("stopped");
  }

  /** A definition that failed validation fails the server, saying why. */
  private invalid(): boolean {
    if (this.o.def.error !== undefined) this.fail(new CodeagentError("CONFIG_INVALID", this.o.def.error));
    return this.o.def.error !== undefined;
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
    const listEverything = this.listEverything;
    this.listEverything = false;
    const plan = planStart({ ...this.o, def: { ...def, config }, wanted: this.wanted, listEverything });
    if (plan instanceof CodeagentError) return this.fail(plan);
    this.plan = plan;
    if (this.lists.tools.length === 0 && plan.showCached !== undefined) this.setLists(plan.showCached);
    // Spawning is synchronous and slow: yield a whole turn of the event loop, so every server's cached tools
    // register, and whoever waits on them runs, before the first spawn.
    await new Promise<void>((r) => setImmediate(r));
    if (gen !== this.generation || this.ending || plan.next === "cached") return;
    for (const note of plan.notes) log.event(note);
    if (plan.next === "idle") return this.setState({ status: "idle", since: this.o.clock.now() });
    const opened = await openForStart({
      ...this.o,
      plan,
      abort,
      listEverything,
      open: {
        setup: this.o.setup,
        onListChanged: (kind) => gen === this.generation && this.relisting.announce(kind),
        onUnexpectedClose: (reason) => this.onCrash(gen, reason),
      },
    });
    if (gen !== this.generation || this.ending) {
      if (!("error" in opened)) await opened.connection.close();
      return;
    }
    if ("error" in opened) {
      this.fail(opened.error);
      return this.down({ kind: "start-failed" });
    }
    const { connection, lists } = opened;
    this.live = connection;
    this.info = connection.info;
    const asCached = this.o.cache?.write(plan.cacheKey, lists, def.name) === true;
    log.event(
      `ready: ${lists.tools.length} tools, ${lists.resources.length} resources, ${lists.prompts.length} prompts`,
    );
    this.lists =
      asCached && plan.showCached !== undefined && this.lists === plan.showCached
        ? keepCachedEntries(plan.showCached, lists)
        : lists;
    this.setState({ status: "ready", since: this.o.clock.now() });
    this.o.onLists(this.lists);
    this.idle.arm();
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
    const gen = this.generation;
    const decision = this.restarts.after(event, this.ending, (attempt) => {
      if (gen === this.generation && !this.ending) this.launch(attempt);
    });
    if (decision.action === "give-up" && this.state.status === "failed") {
      const { code, message } = this.state.error;
      this.setState({
        status: "failed",
        error: { code, message: `${message} (${decision.note})` },
        at: this.o.clock.now(),
      });
    } else if (decision.action === "restart") {
      const { afterMs, attempt, attempts } = decision;
      this.o.log.event(`restarting in ${afterMs} ms (attempt ${attempt} of ${attempts})`);
    }
  }

  /** The live server to re-list, once a start in progress is over (a change it announced may postdate its lists). */
  private async relistTarget(): Promise<RelistTarget | undefined> {
    const gen = this.generation;
    if (this.live === undefined) await this.starting?.catch(() => undefined);
    const conn = this.live;
    const plan = this.plan;
    if (gen !== this.generation || conn === undefined || plan === undefined) return undefined;
    const current = () => gen === this.generation;
    return { conn, config: plan.resolved, lists: this.lists, cacheKey: plan.cacheKey, current };
  }

  /**
   * Lists that went stale by their cache hints (§14) are listed again, in the background, before the session
   * next uses them (the agent calls this at the start of each turn). Lists without hints are left alone.
   */
  revalidate(): void {
    if (this.state.status !== "ready" || this.live === undefined) return;
    for (const kind of listsToRevalidate(this.lists.hints, Date.now())) this.relisting.request(kind);
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
