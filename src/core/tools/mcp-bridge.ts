// Keeps the registry in step with the manager: a server's tools are (re)registered whenever its lists
// change and removed when it fails or is disabled (an idle lazy server keeps its cached ones, §20.1); calls go
// through the manager, which starts a lazy server, and come back as ToolResult values (a server that is down
// or cannot start is a tool error the model can read, naming it, not a crash).
import { CodeagentError, errorMessage } from "../errors.js";
import type { McpManager } from "../mcp/servers/manager.js";
import type { CallOptions, McpConnection } from "../mcp/connection/connection.js";
import { buildServerTools, virtualOffer, type McpToolDeps } from "./mcp-tools.js";
import { prepareToolSchema, type PreparedSchema } from "../schema/tool-schema.js";
import type { ServerLists } from "../mcp/servers/state.js";
import { stripControlLine } from "../text/strip.js";
import { sandboxWriteHint } from "../sandbox/write-hint.js";
import { renderResult } from "./lazy-render.js";
import { safeJson } from "./render-format.js";
import type { ToolPins } from "../pinning/pins.js";
import { promptBlocks } from "./render-prompt.js";
import type { ToolRegistry } from "./registry.js";
import type { ToolContext, ToolResult } from "./types.js";

export interface BridgeOptions {
  /** Where outputs over the cap are saved in full. */
  saveDir: string;
  maxChars?: number;
  /** How long a call waits for a server that is still starting. */
  waitForStartMs?: number;
  /** Tool-definition pins (§16): every listing is reviewed before it is registered. */
  pins?: ToolPins;
}

export class McpToolBridge implements McpToolDeps {
  /** What each server's entries were built from: they are built again only when that changes. */
  private readonly built = new Map<string, BuiltFrom>();
  private readonly schemas = new Map<string, PreparedSchema>();

  constructor(
    private readonly manager: McpManager,
    private readonly registry: ToolRegistry,
    private readonly opts: BridgeOptions,
  ) {}

  /** Registers every server's current tools and follows later changes. */
  attach(): this {
    for (const name of this.manager.names()) this.sync(name);
    this.manager.on("lists", (name) => this.sync(name));
    this.manager.on("state", (name) => this.sync(name));
    return this;
  }

  /** Registers the server's tools anew although its lists did not change (its pins did: `mcp accept`). */
  resync(server: string): void {
    this.built.delete(server);
    this.sync(server);
  }

  sync(server: string): void {
    const s = this.manager.snapshot(server);
    const status = s.state.status;
    const usable =
      status === "ready" ||
      status === "idle" ||
      (status === "starting" && (s.lists.fromCache || s.state.woken === true));
    if (!usable) {
      this.built.delete(server);
      if (this.registry.serverToolCount(server) > 0 || this.registry.skipped(server).length > 0) {
        this.registry.removeServer(server);
      }
      return;
    }
    // State events fire without list changes (starting → ready), and a server that lists what its cache said
    // keeps the cached entries (keepCachedEntries): rebuild only when the inputs changed.
    const from = builtFrom(s.lists, s.info?.capabilities);
    if (sameInputs(this.built.get(server), from)) return;
    this.built.set(server, from);
    const pinned = this.opts.pins?.review(s.definition, s.lists.tools);
    const { entries, skipped } = buildServerTools(server, s.lists, {
      ...(pinned !== undefined && { withheld: pinned.withheld }),
      capabilities: s.info?.capabilities,
      trust: s.definition.config?.trust,
      scope: s.definition.scope,
      deps: this,
      prepareSchema: (raw) => this.prepareSchema(raw),
    });
    this.registry.replaceServerTools(server, entries, skipped);
  }

  /** Sanitizing is the costly part of registering; the same schema text gives the same result. */
  private prepareSchema(raw: unknown): PreparedSchema {
    const key = raw === undefined ? "" : JSON.stringify(raw);
    let p = this.schemas.get(key);
    if (p === undefined) {
      p = prepareToolSchema(raw);
      this.schemas.set(key, p);
    }
    return p;
  }

  async callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    ctx: ToolContext,
  ): Promise<ToolResult> {
    return this.run(server, ctx, async (c, o) => {
      this.stillOffered(server, tool);
      return this.sandboxHinted(server, this.render(await c.callTool(tool, args, o), ctx, tool));
    });
  }

  async listResources(server: string, ctx: ToolContext): Promise<ToolResult> {
    return this.run(server, ctx, async (c, o) => {
      const [r, t] = await Promise.all([
        c.listResources(o),
        c.listResourceTemplates(o).catch(() => undefined),
      ]);
      return this.text(safeJson({ resources: r.items, resourceTemplates: t?.items ?? [] }, 2), ctx);
    });
  }

  async readResource(server: string, uri: string, ctx: ToolContext): Promise<ToolResult> {
    return this.run(server, ctx, async (c, o) => {
      const raw = await c.readResource(uri, o);
      const contents = Array.isArray(raw.contents) ? raw.contents : [];
      // Render resource contents through the same rules as embedded resources in tool results.
      return this.render(
        { content: contents.map((c) => ({ type: "resource", resource: c })) },
        ctx,
        "resource",
      );
    });
  }

  async listPrompts(server: string, ctx: ToolContext): Promise<ToolResult> {
    return this.run(server, ctx, async (c, o) => {
      const r = await c.listPrompts(o);
      return this.text(safeJson({ prompts: r.items }, 2), ctx);
    });
  }

  async getPrompt(
    server: string,
    name: string,
    args: Record<string, string>,
    ctx: ToolContext,
  ): Promise<ToolResult> {
    return this.run(server, ctx, async (c, o) => {
      const raw = await c.getPrompt(name, args, o);
      return this.render({ content: promptBlocks(raw) }, ctx, "prompt");
    });
  }

  /**
   * Runs `fn` on the server's connection through the manager, which holds the server (an idle one is started,
   * a starting one waited for) while it runs; a failure becomes a tool error the model can read.
   */
  private async run(
    server: string,
    ctx: ToolContext,
    fn: (c: McpConnection, o: CallOptions) => Promise<ToolResult>,
  ): Promise<ToolResult> {
    try {
      const o = callOptions(ctx);
      return await this.manager.use(server, (c) => fn(c, o), { waitMs: this.opts.waitForStartMs ?? 30_000 });
    } catch (e) {
      const err = e instanceof CodeagentError ? e : new CodeagentError("INTERNAL", errorMessage(e));
      return { text: `Error: ${err.message}`, isError: true, media: [], truncated: false, error: err };
    }
  }

  /** A confined server's error that is a write the sandbox refused says which setting allows it. */
  private sandboxHinted(server: string, r: ToolResult): ToolResult {
    if (!r.isError) return r;
    const hint = sandboxWriteHint(r.text, this.manager.snapshot(server).definition);
    if (hint !== undefined) r.text = `${r.text}\n[${hint}]`;
    return r;
  }

  /**
   * A lazy server that started for this call may list the tool differently from the cache it was offered
   * from: the call goes ahead only if the tool is still registered (pins judged the new listing).
   */
  private stillOffered(server: string, tool: string): void {
    const name = this.registry.registeredNameOf(server, tool);
    const found = name === undefined ? undefined : this.registry.lookup(name);
    if (found?.found === "tool") return;
    if (found?.found === "skipped" && found.withheld)
      throw new CodeagentError("TOOL_CHANGED", `tool "${tool}" of "${server}" is withheld: ${found.reason}`);
    throw new CodeagentError(
      "UNKNOWN_TOOL",
      `server "${server}" no longer offers tool "${tool}"${found?.found === "skipped" ? `: ${found.reason}` : ""}`,
    );
  }

  /** A large result's model view is rendered when first read (lazy-render.ts): a program may read only `content`. */
  private render(raw: Record<string, unknown>, ctx: ToolContext, label: string): ToolResult {
    const r: ToolResult = renderResult(raw, {
      saveDir: this.opts.saveDir,
      label,
      ...(this.opts.maxChars !== undefined && { maxChars: this.opts.maxChars }),
      ...(ctx.supportsMedia !== undefined && { supportsMedia: ctx.supportsMedia }),
    });
    r.content = Array.isArray(raw.content) ? raw.content : [];
    if (raw.structuredContent !== undefined) r.structuredContent = raw.structuredContent;
    return r;
  }

  private text(text: string, ctx: ToolContext): ToolResult {
    return this.render({ content: [{ type: "text", text }] }, ctx, "list");
  }
}

/** The call options a tool call's context asks for (none: one shared empty object, nothing built per call). */
function callOptions(ctx: ToolContext): CallOptions {
  const { signal, timeoutMs, onProgress } = ctx;
  if (signal === undefined && timeoutMs === undefined && onProgress === undefined) return NO_OPTIONS;
  const o: CallOptions = {};
  if (signal !== undefined) o.signal = signal;
  if (timeoutMs !== undefined) o.timeoutMs = timeoutMs;
  if (onProgress !== undefined)
    o.onProgress = (p) =>
      onProgress({
        progress: p.progress,
        ...(p.total !== undefined && { total: p.total }),
        // A server's progress message is its text: cleaned here, before any display.
        ...(p.message !== undefined && { message: stripControlLine(p.message) }),
      });
  return o;
}

const NO_OPTIONS: CallOptions = Object.freeze({});

/** The inputs of a server's entries: its listed tools and skips (by identity), and which virtual tools it gets. */
interface BuiltFrom {
  tools: ServerLists["tools"];
  skipped: ServerLists["skippedTools"];
  resources: boolean;
  prompts: boolean;
}

function builtFrom(lists: ServerLists, caps: Record<string, unknown> | undefined): BuiltFrom {
  return { tools: lists.tools, skipped: lists.skippedTools, ...virtualOffer(lists, caps) };
}

function sameInputs(a: BuiltFrom | undefined, b: BuiltFrom): boolean {
  return (
    a !== undefined &&
    a.tools === b.tools &&
    a.skipped === b.skipped &&
    a.resources === b.resources &&
    a.prompts === b.prompts
  );
}
