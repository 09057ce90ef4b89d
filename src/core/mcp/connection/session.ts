// One server's SDK session: a Client over one transport at a time — an attempt with a given transport kind and
// era (era.ts), the request funnel with re-initialisation after a 404 on a 2025-era HTTP session (§11) and
// typed errors, noticing a session lost underneath it (a cut SSE or response stream, a crash), and the
// deliberate close. Which attempts to make, in what order, is connection.ts's; lists, calls and tasks use
// the funnel (lists.ts, calls.ts, tasks-call.ts).
import { SSEClientTransport, SseError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Client, PriorDiscovery, Transport } from "@modelcontextprotocol/client";
import { tapTaskWire, type TaskWire } from "./tasks-wire.js";
import { listenForChanges, type Listener } from "./subscriptions.js";
import { CodeagentError } from "../../errors.js";
import { StdioTransport } from "../stdio/transport.js";
import { httpStatusOf, toCodeagentError } from "./sdk-errors.js";
import { requestOptions } from "./call-options.js";
import { PersonWaits, attachPersonWaits } from "./call-clock.js";
import { SendTracker } from "../remote/send-tracker.js";
import { dropModernCancels } from "../remote/modern-cancel.js";
import type { CallOptions, ConnectOptions, RequestTimeout, ServerInfo } from "./types.js";
import { watchRequestStreams, type StreamWatch } from "../remote/stream-watch.js";
import { describeNetworkFailure, shownUrl } from "../remote/network-errors.js";
import { createClient, createTransport, landed, type TransportKind } from "./era.js";
import { hearServer } from "./server-words.js";

export class Session {
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
  /** The tap on the live transport for the task messages the SDK does not speak. */
  private wire: TaskWire | undefined;
  /** The `subscriptions/listen` stream of a 2026-07-28 connection. */
  private listener: Listener | undefined;
  /** Requests of this server waiting for a person: the clocks of its calls stop meanwhile (§7). */
  readonly waits = new PersonWaits();

  constructor(private readonly opts: ConnectOptions) {}

  /** The transport of the latest attempt (a stdio server that exited on the probe is started again). */
  get lastTransport(): Transport | undefined {
    return this.transport;
  }

  get taskWire(): TaskWire | undefined {
    return this.wire;
  }

  /** One attempt to connect over `kind` (with a cached era verdict, or probing); a failed one leaves nothing open. */
  async connectWith(kind: TransportKind, prior: PriorDiscovery | undefined): Promise<void> {
    const transport = this.opts.transport?.() ?? createTransport(this.opts, kind);
    const client = createClient(this.opts, kind);
    attachPersonWaits(client, this.waits);
    hearServer(client, transport, (line) => this.opts.log.event(line));
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
    if (transport instanceof StreamableHTTPClientTransport)
      dropModernCancels(transport, () => client.getProtocolEra() === "modern");
    this.wire = tapTaskWire(transport);
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
    const { info, verdict } = landed(client, kind, transport);
    this.info = info;
    this.verdict = verdict;
    const { protocolVersion, era } = info;
    const sv = client.getServerVersion();
    this.opts.log.event(
      `connected (${kind}), protocol ${protocolVersion ?? "?"} (${era}), server ${sv?.name ?? "?"} ${sv?.version ?? ""}`,
    );
    if (era === "modern") {
      void this.listener?.stop();
      this.listener = listenForChanges(client, this.info.capabilities, (t) => this.opts.log.event(t));
    }
  }

  /** Whether `client` is the live, established client of this connection (not a retired or closing one). */
  private isLive(client: Client): boolean {
    return client === this.client && !this.retired.has(client) && !this.closing && this.established;
  }

  private where(): string {
    const cfg = this.opts.config;
    return cfg.transport === "stdio"
      ? `server "${this.opts.name}"`
      : `server "${this.opts.name}" (${shownUrl(cfg.url)})`;
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

  get config(): ConnectOptions["config"] {
    return this.opts.config;
  }

  get log(): ConnectOptions["log"] {
    return this.opts.log;
  }

  /** Sends a request; on HTTP 404 for a live session, initialises a new session and retries once. */
  async request<T>(
    action: string,
    run: (c: Client) => Promise<T>,
    timeout?: RequestTimeout,
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
    timeout?: RequestTimeout,
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

  async ping(o?: CallOptions): Promise<void> {
    await this.request("ping", (c) => c.ping(requestOptions(o, 10_000, this.opts.config.maxTotalTimeoutMs)));
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

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
