// One live MCP connection: the SDK (v2) Client over our stdio transport or the SDK's HTTP/SSE transports, with
// the protocol era negotiated per server (§14: `server/discover` first, `initialize` as the fallback, or the
// verdict cached from an earlier session; era.ts). This file decides which attempts to make, in what order, and
// answers lists and calls; the session itself (the funnel, re-initialisation, loss, close) is session.ts's.
import type { PriorDiscovery, Tool } from "@modelcontextprotocol/client";
import { CodeagentError } from "../../errors.js";
import { StdioTransport } from "../stdio/transport.js";
import { endedOnProbe } from "./probe-retry.js";
import { shouldFallBackToSse } from "../remote/transport.js";
import { httpStatusOf } from "./sdk-errors.js";
import type { RawPrompt, RawResource, RawTemplate, RawTool } from "../types.js";
import type { CallOptions, ConnectOptions, ListResult, ServerInfo } from "./types.js";
import { landedOnSse, type TransportKind } from "./era.js";
import * as lists from "./lists.js";
import * as calls from "./calls.js";
import { Session } from "./session.js";
import { relayTaskRequest, type RelayedTaskMethod } from "./tasks-relay.js";

export { CLIENT_INFO, STDIO_PROBE_MS } from "./types.js";
export type { CallOptions, ConnectOptions, ListResult, ServerInfo } from "./types.js";

export class McpConnection {
  private readonly session: Session;
  /** The tools as last listed, for the SDK's header mirroring (SEP-2243) on 2026-07-28 HTTP calls. */
  private definitions = new Map<string, Tool>();
  /** Tools listed with `execution.taskSupport: "required"`. */
  private taskOnly = new Set<string>();

  private constructor(private readonly opts: ConnectOptions) {
    this.session = new Session(opts);
  }

  static async open(opts: ConnectOptions): Promise<McpConnection> {
    const c = new McpConnection(opts);
    await c.connect();
    return c;
  }

  get name(): string {
    return this.opts.name;
  }

  get info(): ServerInfo {
    return this.session.info;
  }

  /** The era this connection landed on, in the form a later connection takes as `prior`. */
  get verdict(): PriorDiscovery | undefined {
    return this.session.verdict;
  }

  get closed(): boolean {
    return this.session.closed;
  }

  get config(): ConnectOptions["config"] {
    return this.opts.config;
  }

  get log(): ConnectOptions["log"] {
    return this.opts.log;
  }

  private async connect(): Promise<void> {
    const cfg = this.opts.config;
    if (cfg.transport === "stdio") return this.connectStdio();
    // A bare URL that answered on legacy SSE last time goes there first (era.ts, sseVerdict).
    const sseFirst = cfg.transport === "http" && cfg.fallbackToSse && landedOnSse(this.opts.prior);
    if (sseFirst) {
      try {
        return await this.session.connectWith("sse", undefined);
      } catch (e) {
        if (this.stopped() || (e instanceof CodeagentError && e.code === "NEEDS_AUTH")) throw e;
        this.opts.log.event("legacy SSE, where this URL answered last time, did not work; probing again");
      }
    }
    try {
      await (sseFirst
        ? this.session.connectWith(cfg.transport, undefined)
        : this.connectWithPrior(cfg.transport));
    } catch (e) {
      const cause = e instanceof Error && e.cause !== undefined ? e.cause : e;
      if (!sseFirst && cfg.transport === "http" && cfg.fallbackToSse && shouldFallBackToSse(cause)) {
        this.opts.log.event(`Streamable HTTP answered HTTP ${httpStatusOf(cause)}; trying legacy SSE`);
        return this.session.connectWith("sse", undefined);
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
      const transport = this.session.lastTransport;
      const exited = transport instanceof StdioTransport && transport.exitInfo() !== undefined;
      // A stop or timeout ends the server too: that is no reason to start it again.
      if (
        this.session.verdict !== undefined ||
        this.opts.prior?.kind === "legacy" ||
        !exited ||
        this.stopped()
      )
        throw e;
      if (!endedOnProbe({ refusedInput: transport.refusedInput(), said: transport.recentOutput() })) throw e;
      this.opts.log.event("the server ended on server/discover; starting it again as a 2025-era server");
      await this.session.connectWith("stdio", { kind: "legacy" });
    }
  }

  /** A cached verdict that no longer holds (the server moved on) is dropped, and the era probed again. */
  private async connectWithPrior(kind: TransportKind): Promise<void> {
    const prior = this.opts.prior;
    if (prior === undefined) return this.session.connectWith(kind, undefined);
    try {
      await this.session.connectWith(kind, prior);
    } catch (e) {
      if (e instanceof CodeagentError && (e.code === "NEEDS_AUTH" || e.code === "CANCELLED")) throw e;
      if (this.stopped()) throw e;
      this.opts.log.event(`the cached protocol era (${prior.kind}) did not work; probing again`);
      await this.session.connectWith(kind, undefined);
    }
  }

  /** The caller stopped this start (or its startup timeout did). */
  private stopped(): boolean {
    return this.opts.signal?.aborted === true;
  }

  async listTools(o?: CallOptions): Promise<ListResult<RawTool>> {
    const r = await lists.listTools(this.session, o);
    this.definitions = r.definitions;
    this.taskOnly = r.taskOnly;
    return r.list;
  }

  /** Tools from a cached listing still fresh by its cache hint (§14), for a tools/list this connection skipped. */
  adoptTools(tools: readonly RawTool[]): void {
    ({ definitions: this.definitions, taskOnly: this.taskOnly } = lists.adoptTools(this.session, tools));
  }

  listResources(o?: CallOptions): Promise<ListResult<RawResource>> {
    return lists.listResources(this.session, o);
  }

  listResourceTemplates(o?: CallOptions): Promise<ListResult<RawTemplate>> {
    return lists.listResourceTemplates(this.session, o);
  }

  listPrompts(o?: CallOptions): Promise<ListResult<RawPrompt>> {
    return lists.listPrompts(this.session, o);
  }

  callTool(name: string, args: Record<string, unknown>, o?: CallOptions): Promise<Record<string, unknown>> {
    const t = {
      name,
      args,
      definition: this.definitions.get(name),
      taskOnly: this.taskOnly.has(name),
    };
    return calls.callTool(this.session, t, o);
  }

  /** A request on a task this server answered a call with (its `tasks/get`, `tasks/update`, `tasks/cancel`). */
  taskRequest(
    method: RelayedTaskMethod,
    params: { taskId: string } & Record<string, unknown>,
    o?: CallOptions,
  ): Promise<Record<string, unknown>> {
    return relayTaskRequest(this.session, method, params, o);
  }

  async readResource(uri: string, o?: CallOptions): Promise<Record<string, unknown>> {
    return calls.call(this.session, `resources/read ${uri}`, "resources/read", { uri }, o);
  }

  async getPrompt(
    name: string,
    args: Record<string, string>,
    o?: CallOptions,
  ): Promise<Record<string, unknown>> {
    return calls.call(this.session, `prompts/get ${name}`, "prompts/get", { name, arguments: args }, o);
  }

  async ping(o?: CallOptions): Promise<void> {
    await this.session.ping(o);
  }

  /** Deliberate close: ends the server (whole process tree for stdio) and never counts as a crash. */
  close(): Promise<void> {
    return this.session.close();
  }
}
