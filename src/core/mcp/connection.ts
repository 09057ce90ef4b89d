// One live MCP connection: the SDK Client over our stdio transport or the SDK's HTTP/SSE transports, with
// lenient listing, typed errors, the per-call timeout rules of §7 and re-initialisation after a 404 on an
// HTTP session (§11).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  ErrorCode,
  McpError,
  type ClientCapabilities,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import type { ServerConfig } from "../config/types.js";
import { CodeagentError } from "../errors.js";
import type { Env } from "../paths.js";
import { childEnv } from "./child-env.js";
import { StdioTransport } from "./stdio-transport.js";
import { createRemoteTransport, shouldFallBackToSse } from "./remote-transport.js";
import { httpStatusOf, toCodeagentError } from "./sdk-errors.js";
import type { ServerLog } from "./logs.js";
import {
  LenientListResult,
  LenientObjectResult,
  isSkipped,
  judgePrompt,
  judgeResource,
  judgeTemplate,
  judgeTool,
  type RawPrompt,
  type RawResource,
  type RawTemplate,
  type RawTool,
  type Skipped,
} from "./lenient.js";
import { paginate, type PaginateResult } from "./paginate.js";
import { inFlightOnly } from "./request-signal.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";

/** setTimeout fires at once for delays above 2^31-1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const CLIENT_INFO = { name: "codeagent", version: "0.1.0" };

export interface ServerInfo {
  serverInfo: { name: string; version: string; title?: string };
  protocolVersion: string | undefined;
  capabilities: Record<string, unknown>;
  instructions: string | undefined;
  transport: "stdio" | "http" | "sse";
  pid?: number | undefined;
}

export interface ConnectOptions {
  name: string;
  config: ServerConfig;
  log: ServerLog;
  parentEnv?: Env;
  signal?: AbortSignal;
  /** Cap on spawn/connect + initialize. */
  timeoutMs: number;
  capabilities?: ClientCapabilities;
  authProvider?: OAuthClientProvider;
  /** Fetch for the remote transports, e.g. the OAuth-aware one from `oauth/auth-fetch.ts`. */
  fetch?: FetchLike;
  /** Registers notification/request handlers; called again for every new Client (after a 404 re-init). */
  setup?: (client: Client) => void;
  /** The connection was lost without close() being called. */
  onUnexpectedClose?: (reason: CodeagentError) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  onProgress?: (p: Progress) => void;
}

export interface ListResult<T> {
  items: T[];
  skipped: Skipped[];
  stopped?: string;
}

export class McpConnection {
  private client!: Client;
  private transport!: Transport;
  /** Set by a deliberate close(); the connection never reports a crash afterwards. */
  private closing = false;
  /** Clients this connection has let go of (a failed attempt, a session replaced after a 404): their close is no crash. */
  private readonly retired = new WeakSet<Client>();
  /** Notifications still being sent (see trackNotifications). */
  private readonly sending = new Set<Promise<void>>();
  /** Only a connection that finished initialize can "crash"; a failure before that is a failed start. */
  private established = false;
  private closeReason: CodeagentError | undefined;
  info!: ServerInfo;

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
    if (cfg.transport === "stdio") return this.connectWith("stdio");
    try {
      await this.connectWith(cfg.transport);
    } catch (e) {
      const cause = e instanceof Error && e.cause !== undefined ? e.cause : e;
      if (cfg.transport === "http" && cfg.fallbackToSse && shouldFallBackToSse(cause)) {
        this.opts.log.event(`Streamable HTTP answered HTTP ${httpStatusOf(cause)}; trying legacy SSE`);
        return this.connectWith("sse");
      }
      throw e;
    }
  }

  private async connectWith(kind: "stdio" | "http" | "sse"): Promise<void> {
    const transport = this.createTransport(kind);
    const client = new Client(CLIENT_INFO, { capabilities: this.opts.capabilities ?? {} });
    this.opts.setup?.(client);
    let protocolVersion: string | undefined;
    const setPv = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (v: string) => {
      protocolVersion = v;
      setPv?.(v);
    };
    client.onclose = () => this.handleClose(client);
    client.onerror = (err) => this.opts.log.event(`transport error: ${err.message}`);
    this.client = client;
    this.transport = transport;
    this.trackNotifications(transport);
    const url = this.opts.config.transport === "stdio" ? undefined : this.opts.config.url;
    try {
      await initialize(client, transport, this.opts.signal, this.opts.timeoutMs);
    } catch (e) {
      // Only this attempt is over: a fallback to SSE or a new session may follow on the same connection.
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
    }
    this.established = true;
    const sv = client.getServerVersion();
    this.info = {
      serverInfo: {
        name: sv?.name ?? "",
        version: sv?.version ?? "",
        ...(sv?.title !== undefined && { title: sv.title }),
      },
      protocolVersion,
      capabilities: client.getServerCapabilities() ?? {},
      instructions: client.getInstructions(),
      transport: kind,
      pid: transport instanceof StdioTransport ? transport.pid : undefined,
    };
    this.opts.log.event(
      `connected (${kind}), protocol ${protocolVersion ?? "?"}, server ${sv?.name ?? "?"} ${sv?.version ?? ""}`,
    );
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

  /**
   * Notifications go out without anyone awaiting them (the SDK's notifications/cancelled); a session must not be
   * ended while one is on its way, or the server sees it after the DELETE and logs a transport error.
   */
  private trackNotifications(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const p = send(message, options);
      if (!("id" in message)) {
        this.sending.add(p);
        p.then(
          () => this.sending.delete(p),
          () => this.sending.delete(p),
        );
      }
      return p;
    };
  }

  private handleClose(client: Client): void {
    if (client !== this.client || this.retired.has(client) || this.closing || !this.established) return;
    const t = this.transport;
    const reason =
      (t instanceof StdioTransport ? t.closeReason() : undefined) ??
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
          await this.connectWith(this.info.transport);
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

  /** The SDK's options for one request; `signal` must be that request's own (see `inFlightOnly`). */
  private reqOptions(
    o: CallOptions | undefined,
    defaultTimeout: number,
    signal: AbortSignal | undefined,
  ): RequestOptions {
    return {
      ...(signal !== undefined && { signal }),
      timeout: o?.timeoutMs ?? defaultTimeout,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: o?.maxTotalTimeoutMs ?? this.opts.config.maxTotalTimeoutMs,
      ...(o?.onProgress !== undefined && { onprogress: o.onProgress }),
    };
  }

  /** Every page of a list method, each page's items taken leniently from `key` (§5 pagination rules). */
  private async listAll(method: string, key: string, o?: CallOptions): Promise<PaginateResult<unknown>> {
    const ms = this.opts.config.timeoutMs;
    return this.request(method, (c) =>
      paginate(async (cursor) => {
        const page = await inFlightOnly(o?.signal, (signal) =>
          c.request(
            { method, params: cursor === undefined ? {} : { cursor } },
            LenientListResult,
            this.reqOptions(o, ms, signal),
          ),
        );
        const items = page[key];
        return { items: Array.isArray(items) ? items : [], nextCursor: page.nextCursor };
      }),
    );
  }

  async listTools(o?: CallOptions): Promise<ListResult<RawTool>> {
    const r = await this.listAll("tools/list", "tools", o);
    const items: RawTool[] = [];
    const skipped: Skipped[] = [];
    const seen = new Set<string>();
    r.items.forEach((v, i) => {
      const t = judgeTool(v, i);
      if (isSkipped(t)) skipped.push(t);
      else if (seen.has(t.name))
        skipped.push({ name: t.name, reason: "duplicate tool name (first one kept)" });
      else {
        seen.add(t.name);
        items.push(t);
      }
    });
    return { items, skipped, ...(r.stopped !== undefined && { stopped: r.stopped }) };
  }

  async listResources(o?: CallOptions): Promise<ListResult<RawResource>> {
    const r = await this.listAll("resources/list", "resources", o);
    return collect(r.items, judgeResource, r.stopped);
  }

  async listResourceTemplates(o?: CallOptions): Promise<ListResult<RawTemplate>> {
    const r = await this.listAll("resources/templates/list", "resourceTemplates", o);
    return collect(r.items, judgeTemplate, r.stopped);
  }

  async listPrompts(o?: CallOptions): Promise<ListResult<RawPrompt>> {
    const r = await this.listAll("prompts/list", "prompts", o);
    return collect(r.items, judgePrompt, r.stopped);
  }

  /** One request under the per-call rules of §7: timeout reset by progress, total cap, cancellation. */
  private call(action: string, method: string, params: Record<string, unknown>, o?: CallOptions) {
    const ms = o?.timeoutMs ?? this.opts.config.timeoutMs;
    return this.request(
      action,
      (c) =>
        inFlightOnly(o?.signal, (signal) =>
          c.request({ method, params }, LenientObjectResult, this.reqOptions(o, ms, signal)),
        ),
      { ms, setting: "timeoutMs in the server config" },
      o?.signal,
    );
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    o?: CallOptions,
  ): Promise<Record<string, unknown>> {
    return this.call(`tools/call ${name}`, "tools/call", { name, arguments: args }, o);
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
    await this.request("ping", (c) =>
      inFlightOnly(o?.signal, (signal) => c.ping(this.reqOptions(o, 10_000, signal))),
    );
  }

  /** Deliberate close: ends the server (whole process tree for stdio) and never counts as a crash. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const t = this.transport;
    if (t instanceof StdioTransport || t === undefined) {
      await this.client?.close().catch(() => undefined);
      return;
    }
    if (this.sending.size > 0) await Promise.race([Promise.allSettled(this.sending), delay(1000)]);
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

/**
 * `initialize` must never be cancelled (§4.4), and the SDK sends notifications/cancelled when a request's signal
 * aborts or its timeout fires. So the SDK gets neither: on our timeout or the caller's abort the transport is
 * closed instead, which fails the pending `initialize` at once.
 */
async function initialize(
  client: Client,
  transport: Transport,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<void> {
  let stopped: unknown;
  const stop = (why: unknown) => {
    stopped ??= why;
    void transport.close().catch(() => undefined);
  };
  const onAbort = () => stop(signal?.reason);
  signal?.throwIfAborted();
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(
    () => stop(new McpError(ErrorCode.RequestTimeout, "Request timed out", { timeout: timeoutMs })),
    Math.min(timeoutMs, MAX_TIMER_MS),
  );
  try {
    // The SDK's own timer is only a backstop; ours fires first.
    await client.connect(transport, { timeout: Math.min(timeoutMs + 60_000, MAX_TIMER_MS) });
  } catch (e) {
    if (stopped === undefined) throw e;
    throw stopped instanceof Error ? stopped : new DOMException("initialize was aborted", "AbortError");
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

function collect<T>(raw: unknown[], judge: (v: unknown) => T | undefined, stopped?: string): ListResult<T> {
  const items: T[] = [];
  const skipped: Skipped[] = [];
  raw.forEach((v, i) => {
    const j = judge(v);
    if (j === undefined) skipped.push({ name: `#${i}`, reason: "malformed entry" });
    else items.push(j);
  });
  return { items, skipped, ...(stopped !== undefined && { stopped }) };
}
