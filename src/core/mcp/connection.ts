// One live MCP connection: the SDK (v2) Client over our stdio transport or the SDK's HTTP/SSE transports, with
// the protocol era negotiated per server (§14: `server/discover` first, `initialize` as the fallback, or the
// verdict cached from an earlier session), lenient listing, typed errors, the per-call timeout rules of §7
// and re-initialisation after a 404 on a 2025-era HTTP session (§11).
import { stripControl, stripControlLine } from "../text/strip.js";
import {
  Client,
  SSEClientTransport,
  SseError,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import type { PriorDiscovery, RequestOptions, Tool, Transport } from "@modelcontextprotocol/client";
import { canCallToolsAsTasks, runToolAsTask } from "./tasks.js";
import { listenForChanges, type Listener } from "./subscriptions.js";
import { CodeagentError } from "../errors.js";
import { childEnv } from "./child-env.js";
import { StdioTransport } from "./stdio-transport.js";
import { createRemoteTransport, shouldFallBackToSse } from "./remote-transport.js";
import { formatSeconds, httpStatusOf, toCodeagentError } from "./sdk-errors.js";
import {
  LenientListResult,
  LenientObjectResult,
  judgePrompt,
  judgeResource,
  judgeTemplate,
  type RawPrompt,
  type RawResource,
  type RawTemplate,
  type RawTool,
} from "./lenient.js";
import { collect, judgeToolList } from "./list-judging.js";
import { clockedRequestOptions, hasHeaderMarks, requestOptions } from "./call-options.js";
import { PersonWaits, attachPersonWaits } from "./call-clock.js";
import { combineHints, readCacheHint, type CacheHint } from "./cache-hints.js";
import { SendTracker } from "./send-tracker.js";
import type { CallOptions, ConnectOptions, ListResult, ServerInfo } from "./connection-types.js";
import { CLIENT_INFO, STDIO_PROBE_MS } from "./connection-types.js";
import { paginate, type PaginateResult } from "./paginate.js";
import { watchRequestStreams, type StreamWatch } from "./stream-watch.js";
import { describeNetworkFailure, shownUrl } from "./network-errors.js";

export { CLIENT_INFO, STDIO_PROBE_MS } from "./connection-types.js";
export type { CallOptions, ConnectOptions, ListResult, ServerInfo } from "./connection-types.js";

export class McpConnection {
  private client!: Client;
  private transport!: Transport;
  /** Set by a deliberate close(); the connection never reports a crash afterwards. */
  private closing = false;
  /** Clients this connection has let go of (a failed attempt, a session replaced after a 404): their close is no crash. */
  private readonly retired = new WeakSet<Client>();
  /** Notifications still on their way, awaited before a session is ended. */
  private readonly sending = new SendTracker();
  /** Only a connection that finished initialize can "crash"; a failure before that is a failed start. */
  private established = false;
  private closeReason: CodeagentError | undefined;
  /** Why the connection is being ended from our side after a lost stream (the reason handleClose reports). */
  private lostReason: CodeagentError | undefined;
  /** Notices Streamable HTTP response streams cut before their answer. */
  private streams: StreamWatch | undefined;
  /** A liveness check after a lost stream is running. */
  private checking = false;
  info!: ServerInfo;
  /** The era this connection landed on, in the form a later connection takes as `prior`. */
  verdict: PriorDiscovery | undefined;
  /** The tools as last listed, for the SDK's header mirroring (SEP-2243) on 2026-07-28 HTTP calls. */
  private definitions = new Map<string, Tool>();
  /** Tools listed with `execution.taskSupport: "required"`. */
  private taskOnly = new Set<string>();
  /** The `subscriptions/listen` stream of a 2026-07-28 connection. */
  private listener: Listener | undefined;
  /** Requests of this server waiting for a person: the clocks of its calls stop meanwhile (§7). */
  private readonly waits = new PersonWaits();

  private constructor(private readonly opts: ConnectOptions) {}

  static async open(opts: ConnectOptions): Promise<McpConnection> {
    const c = new McpConnection(opts);
    await c.connect();
    return c;
  }

  get name(): string {
    return this.opts.name;
  }

  private async connect(): Promise<void> {
    const cfg = this.opts.config;
    if (cfg.transport === "stdio") return this.connectStdio();
    try {
      await this.connectWithPrior(cfg.transport);
    } catch (e) {
      const cause = e instanceof Error && e.cause !== undefined ? e.cause : e;
      if (cfg.transport === "http" && cfg.fallbackToSse && shouldFallBackToSse(cause)) {
        this.opts.log.event(`Streamable HTTP answered HTTP ${httpStatusOf(cause)}; trying legacy SSE`);
        return this.connectWith("sse", undefined);
      }
      throw e;
    }
  }

  /**
   * A stdio server that exits on the `server/discover` probe (servers on SDKs that end on any request
   * before `initialize`) is a 2025-era server: start it again and go straight to `initialize`.
   */
  private async connectStdio(): Promise<void> {
    try {
      await this.connectWithPrior("stdio");
    } catch (e) {
      const exited = this.transport instanceof StdioTransport && this.transport.exitInfo() !== undefined;
      // A stop or timeout ends the server too: that is no reason to start it again.
      if (this.verdict !== undefined || this.opts.prior?.kind === "legacy" || !exited || this.stopped())
        throw e;
      this.opts.log.event("the server ended on server/discover; starting it again as a 2025-era server");
      await this.connectWith("stdio", { kind: "legacy" });
    }
  }

  /** A cached verdict that no longer holds (the server moved on) is dropped, and the era probed again. */
  private async connectWithPrior(kind: "stdio" | "http" | "sse"): Promise<void> {
    const prior = this.opts.prior;
    if (prior === undefined) return this.connectWith(kind, undefined);
    try {
      await this.connectWith(kind, prior);
    } catch (e) {
      if (e instanceof CodeagentError && (e.code === "NEEDS_AUTH" || e.code === "CANCELLED")) throw e;
      if (this.stopped()) throw e;
      this.opts.log.event(`the cached protocol era (${prior.kind}) did not work; probing again`);
      await this.connectWith(kind, undefined);
    }
  }

  /** The caller stopped this start (or its startup timeout did). */
  private stopped(): boolean {
    return this.opts.signal?.aborted === true;
  }

  private async connectWith(
    kind: "stdio" | "http" | "sse",
    prior: PriorDiscovery | undefined,
  ): Promise<void> {
    const transport = this.opts.transport?.() ?? this.createTransport(kind);
    const client = new Client(CLIENT_INFO, {
      capabilities: this.opts.capabilities ?? {},
      // SSE is the 2024-11-05 transport: no 2026-07-28 server speaks it.
      versionNegotiation:
        kind === "sse"
          ? { mode: "legacy" }
          : {
              mode: "auto",
              probe: {
                timeoutMs:
                  kind === "stdio" ? Math.min(STDIO_PROBE_MS, this.opts.timeoutMs) : this.opts.timeoutMs,
              },
            },
    });
    attachPersonWaits(client, this.waits);
    this.opts.setup?.(client);
    client.onclose = () => this.handleClose(client);
    client.onerror = (err) => {
      this.opts.log.event(`transport error: ${err.message}`);
      // A legacy SSE session lives on its GET stream: once that is cut, no answer can arrive on it.
      if (transport instanceof SSEClientTransport && err instanceof SseError) this.sseLost(client, err);
    };
    this.client = client;
    this.transport = transport;
    this.sending.track(transport);
    this.streams =
      transport instanceof StreamableHTTPClientTransport
        ? watchRequestStreams(transport, (method, error) => this.streamLost(client, method, error))
        : undefined;
    const url = this.opts.config.transport === "stdio" ? undefined : this.opts.config.url;
    // The SDK does not watch the signal while its version probe waits; closing the transport ends the probe
    // (and a stdio server's process) at once instead of at the probe's timeout.
    const endProbe = () => void transport.close().catch(() => undefined);
    this.opts.signal?.addEventListener("abort", endProbe, { once: true });
    try {
      await client.connect(transport, {
        signal: this.opts.signal,
        timeout: this.opts.timeoutMs,
        ...(prior !== undefined && kind !== "sse" && { prior }),
      });
    } catch (e) {
      // Only this attempt is over: a fallback to SSE, a fresh probe or a new session may follow on this connection.
      this.retired.add(client);
      await client.close().catch(() => undefined);
      const reason = transport instanceof StdioTransport ? transport.closeReason() : undefined;
      throw toCodeagentError(e, {
        action: "initialize",
        closeReason: reason,
        timeoutMs: this.opts.timeoutMs,
        timeoutSetting: "startupTimeoutMs",
        ...(url !== undefined && { url }),
      });
    } finally {
      this.opts.signal?.removeEventListener("abort", endProbe);
    }
    this.established = true;
    const sv = client.getServerVersion();
    const era = client.getProtocolEra() ?? "legacy";
    const discover = client.getDiscoverResult();
    this.verdict =
      era === "modern" && discover !== undefined ? { kind: "modern", discover } : { kind: "legacy" };
    const protocolVersion = client.getNegotiatedProtocolVersion();
    this.info = {
      serverInfo: {
        name: stripControlLine(sv?.name ?? ""),
        version: stripControlLine(sv?.version ?? ""),
        ...(sv?.title !== undefined && { title: sv.title }),
      },
      protocolVersion,
      capabilities: client.getServerCapabilities() ?? {},
      // The server's own words, cleaned once where they enter, for every display and the system prompt.
      instructions: ((t) => (t === undefined ? undefined : stripControl(t)))(client.getInstructions()),
      transport: kind,
      era,
      pid: transport instanceof StdioTransport ? transport.pid : undefined,
    };
    this.opts.log.event(
      `connected (${kind}), protocol ${protocolVersion ?? "?"} (${era}), server ${sv?.name ?? "?"} ${sv?.version ?? ""}`,
    );
    if (era === "modern") {
      void this.listener?.stop();
      this.listener = listenForChanges(client, this.info.capabilities, (t) => this.opts.log.event(t));
    }
  }

  private createTransport(kind: "stdio" | "http" | "sse"): Transport {
    const cfg = this.opts.config;
    const log = this.opts.log;
    if (cfg.transport === "stdio") {
      return new StdioTransport({
        command: cfg.command,
        args: cfg.args,
        env: childEnv(this.opts.parentEnv ?? process.env, cfg.env),
        ...(cfg.cwd !== undefined && { cwd: cfg.cwd }),
        maxMessageBytes: cfg.maxMessageBytes,
        onStderrLine: (l) => log.stderr(l),
        onEvent: (t) => log.event(t),
      });
    }
    return createRemoteTransport(kind === "sse" ? "sse" : "http", {
      url: cfg.url,
      headers: cfg.headers,
      ...(this.opts.authProvider !== undefined && { authProvider: this.opts.authProvider }),
      ...(this.opts.fetch !== undefined && { fetch: this.opts.fetch }),
    });
  }

  /** Whether `client` is the live, established client of this connection (not a retired or closing one). */
  private isLive(client: Client): boolean {
    return client === this.client && !this.retired.has(client) && !this.closing && this.established;
  }

  private where(): string {
    const cfg = this.opts.config;
    return cfg.transport === "stdio"
      ? `server "${this.name}"`
      : `server "${this.name}" (${shownUrl(cfg.url)})`;
  }

  /** The SSE stream of a live session broke: end the session, which fails its calls and restarts the server. */
  private sseLost(client: Client, err: SseError): void {
    if (!this.isLive(client)) return;
    this.lostReason = new CodeagentError(
      "CONNECTION_CLOSED",
      `the event stream of ${this.where()} was cut (${err.message}); calls in flight are lost and the server is connected again`,
    );
    void client.close().catch(() => undefined);
  }

  /**
   * A request's response stream was cut (its request already failed). The session may live on (a proxy dropped
   * one stream) or be gone with the server: a ping tells, and a server that is gone counts as a crash.
   */
  private streamLost(client: Client, method: string, error?: unknown): void {
    const cfg = this.opts.config;
    if (error !== undefined) {
      // Only a failure to reach the server says something about the session (not an HTTP 4xx, not auth).
      if (cfg.transport === "stdio" || describeNetworkFailure(error, cfg.url) === undefined) return;
    } else this.opts.log.event(`the response stream of ${method} was cut before its answer`);
    if (!this.isLive(client) || this.checking) return;
    this.checking = true;
    this.ping({ timeoutMs: 5000 })
      .catch((e: unknown) => {
        const gone =
          e instanceof CodeagentError && (e.code === "SERVER_UNAVAILABLE" || e.code === "CONNECTION_CLOSED");
        if (!gone || !this.isLive(client) || this.closeReason !== undefined) return;
        const reason = new CodeagentError("CONNECTION_CLOSED", `lost ${this.where()}: ${e.message}`, {
          cause: e,
        });
        this.closeReason = reason;
        this.retired.add(client);
        this.opts.log.event(`connection lost: ${reason.message}`);
        void client.close().catch(() => undefined);
        this.opts.onUnexpectedClose?.(reason);
      })
      .finally(() => (this.checking = false));
  }

  private handleClose(client: Client): void {
    if (!this.isLive(client)) return;
    const t = this.transport;
    const reason =
      (t instanceof StdioTransport ? t.closeReason() : undefined) ??
      this.lostReason ??
      new CodeagentError("CONNECTION_CLOSED", "the connection to the server was lost");
    this.closeReason = reason;
    this.opts.log.event(`connection lost: ${reason.message}`);
    this.opts.onUnexpectedClose?.(reason);
  }

  get closed(): boolean {
    return this.closing || this.closeReason !== undefined;
  }

  /** Sends a request; on HTTP 404 for a live session, initialises a new session and retries once. */
  private async request<T>(
    action: string,
    run: (c: Client) => Promise<T>,
    timeout?: { ms: number; setting: string },
    signal?: AbortSignal,
  ): Promise<T> {
    if (this.closeReason !== undefined) throw this.closeReason;
    const hadSession = this.transport.sessionId !== undefined;
    try {
      return await run(this.client);
    } catch (e) {
      if (hadSession && httpStatusOf(e) === 404 && !this.closing) {
        this.opts.log.event(`session expired (HTTP 404); re-initializing`);
        const old = this.client;
        this.retired.add(old);
        await old.close().catch(() => undefined);
        try {
          await this.connectWith(this.info.transport, this.verdict);
        } catch (e2) {
          // No session and no way to make one: the connection is lost, and the manager restarts it.
          const reason = this.translate(e2, action, timeout, signal);
          this.closeReason = reason;
          this.opts.log.event(`connection lost: re-initializing failed: ${reason.message}`);
          this.opts.onUnexpectedClose?.(reason);
          throw reason;
        }
        try {
          return await run(this.client);
        } catch (e2) {
          throw this.translate(e2, action, timeout, signal);
        }
      }
      throw this.translate(e, action, timeout, signal);
    }
  }

  private translate(
    e: unknown,
    action: string,
    timeout?: { ms: number; setting: string },
    signal?: AbortSignal,
  ): CodeagentError {
    // The SDK reports an aborted request as a RequestTimeout; the caller's signal tells them apart.
    if (signal?.aborted === true && this.closeReason === undefined) {
      return new CodeagentError("CANCELLED", `${action} was cancelled`, { cause: e });
    }
    if (this.streams?.isStreamLost(e) === true && this.closeReason === undefined) {
      return new CodeagentError(
        "CONNECTION_CLOSED",
        `the connection to ${this.where()} dropped during ${action}, before its answer (is the server still running?); the next call connects again`,
        { cause: e },
      );
    }
    const t = this.transport;
    const closeReason = this.closeReason ?? (t instanceof StdioTransport ? t.closeReason() : undefined);
    const cfg = this.opts.config;
    return toCodeagentError(e, {
      action,
      closeReason,
      ...(timeout !== undefined && { timeoutMs: timeout.ms, timeoutSetting: timeout.setting }),
      ...(cfg.transport !== "stdio" && { url: cfg.url }),
    });
  }

  private reqOptions(o: CallOptions | undefined, defaultTimeout: number): RequestOptions {
    return requestOptions(o, defaultTimeout, this.opts.config.maxTotalTimeoutMs);
  }

  /** Every page of a list method, each page's items taken leniently from `key` (§5 pagination rules). */
  private async listAll(
    method: string,
    key: string,
    o?: CallOptions,
  ): Promise<PaginateResult<unknown> & { hint?: CacheHint }> {
    const ro = this.reqOptions(o, this.opts.config.timeoutMs);
    return this.request(method, async (c) => {
      const hints: (CacheHint | undefined)[] = [];
      const r = await paginate(async (cursor) => {
        const page = await c.request(
          { method, params: cursor === undefined ? {} : { cursor } },
          LenientListResult,
          ro,
        );
        hints.push(readCacheHint(page, Date.now()));
        const items = page[key];
        return { items: Array.isArray(items) ? items : [], nextCursor: page.nextCursor };
      });
      const hint = combineHints(hints);
      return hint === undefined ? r : { ...r, hint };
    });
  }

  async listTools(o?: CallOptions): Promise<ListResult<RawTool>> {
    const r = await this.listAll("tools/list", "tools", o);
    const judged = judgeToolList(r.items, {
      http: this.info.transport === "http",
      era: this.info.era,
      canRunTasks: this.canRunTasks(),
      log: (t) => this.opts.log.event(t),
    });
    this.definitions = judged.definitions;
    this.taskOnly = judged.taskOnly;
    return withHint({ ...judged.list, ...(r.stopped !== undefined && { stopped: r.stopped }) }, r.hint);
  }

  /**
   * Tools from a cached listing still fresh by its cache hint (§14), standing in for the tools/list this
   * connection skipped: they are judged as a listing would be (task-only tools, header mirroring).
   */
  adoptTools(tools: readonly RawTool[]): void {
    const raw = tools.map(({ taskSupport, ...t }) => ({
      ...t,
      ...(taskSupport !== undefined && { execution: { taskSupport } }),
    }));
    const judged = judgeToolList(raw, {
      http: this.info.transport === "http",
      era: this.info.era,
      canRunTasks: this.canRunTasks(),
      log: (t) => this.opts.log.event(t),
    });
    this.definitions = judged.definitions;
    this.taskOnly = judged.taskOnly;
  }

  async listResources(o?: CallOptions): Promise<ListResult<RawResource>> {
    const r = await this.listAll("resources/list", "resources", o);
    return withHint(collect(r.items, judgeResource, r.stopped), r.hint);
  }

  async listResourceTemplates(o?: CallOptions): Promise<ListResult<RawTemplate>> {
    const r = await this.listAll("resources/templates/list", "resourceTemplates", o);
    return withHint(collect(r.items, judgeTemplate, r.stopped), r.hint);
  }

  async listPrompts(o?: CallOptions): Promise<ListResult<RawPrompt>> {
    const r = await this.listAll("prompts/list", "prompts", o);
    return withHint(collect(r.items, judgePrompt, r.stopped), r.hint);
  }

  /** One request under the per-call rules of §7: timeout reset by progress, total cap, cancellation. */
  private call(action: string, method: string, params: Record<string, unknown>, o?: CallOptions) {
    const ms = o?.timeoutMs ?? this.opts.config.timeoutMs;
    return this.clocked(o, ms, (ro) =>
      this.request(
        action,
        (c) => c.request({ method, params }, LenientObjectResult, ro),
        { ms, setting: "timeoutMs in the server config" },
        o?.signal,
      ),
    );
  }

  /** Runs a request under a call clock that stops while the server waits for a person (call-clock.ts). */
  private async clocked<T>(o: CallOptions | undefined, ms: number, run: (ro: RequestOptions) => Promise<T>) {
    const max = this.opts.config.maxTotalTimeoutMs;
    const { options, dispose } = clockedRequestOptions(o, ms, max, this.waits);
    try {
      return await run(options);
    } finally {
      dispose();
    }
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    o?: CallOptions,
  ): Promise<Record<string, unknown>> {
    if (this.taskOnly.has(name)) return this.callAsTask(name, args, o);
    const definition = this.definitions.get(name);
    if (this.info.era === "modern" && this.info.transport === "http" && hasHeaderMarks(definition)) {
      // Only the SDK's callTool() mirrors `x-mcp-header` parameters into Mcp-Param-* headers.
      const ms = o?.timeoutMs ?? this.opts.config.timeoutMs;
      return this.clocked(o, ms, (ro) =>
        this.request(
          `tools/call ${name}`,
          (c) =>
            c.callTool({ name, arguments: args }, { ...ro, toolDefinition: definition }) as Promise<
              Record<string, unknown>
            >,
          { ms, setting: "timeoutMs in the server config" },
          o?.signal,
        ),
      );
    }
    return this.call(`tools/call ${name}`, "tools/call", { name, arguments: args }, o);
  }

  /** 2025-11-25 tasks on a 2025-era connection (the v2 SDK still speaks their wire form there). */
  private canRunTasks(): boolean {
    return this.info.era === "legacy" && canCallToolsAsTasks(this.info.capabilities);
  }

  /** A task-only tool (§7): each request under the per-call timeout, the whole task under the total cap. */
  private async callAsTask(
    name: string,
    args: Record<string, unknown>,
    o?: CallOptions,
  ): Promise<Record<string, unknown>> {
    const ms = o?.timeoutMs ?? this.opts.config.timeoutMs;
    const total = o?.maxTotalTimeoutMs ?? this.opts.config.maxTotalTimeoutMs;
    const abort = new AbortController();
    const onAbort = () => abort.abort(o?.signal?.reason);
    o?.signal?.addEventListener("abort", onAbort, { once: true });
    const cap = setTimeout(() => abort.abort(new CodeagentError("CALL_TIMEOUT", "total cap")), total);
    const action = `tools/call ${name}`;
    try {
      return await this.request(
        action,
        (c) =>
          runToolAsTask({
            params: { name, arguments: args },
            signal: abort.signal,
            log: (t) => this.opts.log.event(t),
            request: (method, params, schema) =>
              c.request({ method, params }, schema, {
                ...this.reqOptions({ ...o, signal: abort.signal }, ms),
                ...(method !== "tools/call" && { onprogress: undefined }),
              }) as never,
          }),
        { ms, setting: "timeoutMs in the server config" },
        abort.signal,
      );
    } catch (e) {
      if (abort.signal.aborted && o?.signal?.aborted !== true) {
        throw new CodeagentError(
          "CALL_TIMEOUT",
          `${action} (a task) took longer than ${formatSeconds(total)}; raise maxTotalTimeoutMs`,
          { cause: e },
        );
      }
      throw e;
    } finally {
      clearTimeout(cap);
      o?.signal?.removeEventListener("abort", onAbort);
    }
  }

  async readResource(uri: string, o?: CallOptions): Promise<Record<string, unknown>> {
    return this.call(`resources/read ${uri}`, "resources/read", { uri }, o);
  }

  async getPrompt(
    name: string,
    args: Record<string, string>,
    o?: CallOptions,
  ): Promise<Record<string, unknown>> {
    return this.call(`prompts/get ${name}`, "prompts/get", { name, arguments: args }, o);
  }

  async ping(o?: CallOptions): Promise<void> {
    await this.request("ping", (c) => c.ping(this.reqOptions(o, 10_000)));
  }

  /** Deliberate close: ends the server (whole process tree for stdio) and never counts as a crash. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.listener?.stop();
    const t = this.transport;
    if (t instanceof StdioTransport || t === undefined) {
      await this.client?.close().catch(() => undefined);
      return;
    }
    await this.sending.settled(1000);
    // Tell a Streamable HTTP server the session is over; best effort.
    const term = (t as { terminateSession?: () => Promise<void> }).terminateSession;
    if (typeof term === "function" && t.sessionId !== undefined) {
      await Promise.race([term.call(t).catch(() => undefined), delay(1000)]);
    }
    await this.client.close().catch(() => undefined);
  }
}

function withHint<T>(list: ListResult<T>, hint: CacheHint | undefined): ListResult<T> {
  return hint === undefined ? list : { ...list, hint };
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
