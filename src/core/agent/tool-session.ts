// A session's view of the tool list (§15.2-15.5): which definitions each request carries (tool-plan.ts
// decides), in which schema dialect, what they cost in tokens, and which tools the session has used or
// found (they stay loaded). Holds the search index, rebuilt only when the registry's tools change.
import type { ModelMessage, ToolSet } from "ai";
import type { SearchableTool } from "../search/index.js";
import type { ToolSearchMode } from "../settings.js";
import { toSearchable } from "../tools/searchable.js";
import type { ToolEntry } from "../tools/types.js";
import { applyDialect, dialectFor, type Dialect } from "./dialects.js";
import { NATIVE_SEARCH_TOOL, type NativeSearch } from "./native-search.js";
import {
  loadedByHistory,
  namespacesFor,
  nativeSearchTool,
  nativeSearchWire,
  pruneReferences,
  toolOptions,
  type Namespace,
} from "./native-tools.js";
import type { ProviderName } from "./providers.js";
import { SEARCH_TOOL, searchToolEntry, type SearchIndex } from "./search-tool.js";
import { toAiTools } from "./to-ai-tools.js";
import { fitDescription, PROVIDER_LIMITS, type ProviderLimits } from "./tool-limits.js";
import { planTools, type NativeDeferral, type ToolPlan } from "./tool-plan.js";
import { definitionTokens, estimateTokens, tokenCounterIfLoaded, type CountTokens } from "./token-count.js";

export interface ToolSessionOptions {
  mode?: ToolSearchMode;
  provider?: ProviderName;
  /** Default: the provider's (§15.3). */
  limits?: ProviderLimits;
  contextWindow?: number;
  /** Servers with `alwaysLoad: true`, read before every request (config can change). */
  alwaysLoad?: () => ReadonlySet<string>;
  /** The provider's own tool search replaces `search_tools` when deferring (native-search.ts decides). */
  native?: NativeSearch;
  buildIndex: (tools: SearchableTool[]) => SearchIndex;
}

export interface PreparedTools {
  plan: ToolPlan;
  /** The entries whose definitions go out (the search tool included). */
  entries: ToolEntry[];
  aiTools: ToolSet;
  /** The conversation as this request sends it (native search results naming only tools it defines). */
  history: ModelMessage[];
}

export type PrepareResult = { ok: true; value: PreparedTools } | { ok: false; message: string };

export interface ToolStats {
  mode: ToolSearchMode;
  total: number;
  loaded: number;
  deferred: number;
  loadedTokens: number;
  deferredTokens: number;
  deferredServers: { server: string; tools: number }[];
  /** What finds deferred tools: the local `search_tools` or the provider's own search. */
  search: "local" | "native";
  /** Its name in the request. */
  searchTool: string;
}

export class ToolSession {
  private readonly used: string[] = [];
  private readonly tokenCache = new WeakMap<ToolEntry, number>();
  private readonly schemaCache = new WeakMap<ToolEntry, unknown>();
  private indexed: { entries: readonly ToolEntry[]; index: SearchIndex } | undefined;
  private current: readonly ToolEntry[] = [];
  private lastPlan: ToolPlan | undefined;
  private history: readonly ModelMessage[] = [];
  private namespaceCache: { entries: readonly ToolEntry[]; value: Map<string, Namespace> } | undefined;
  private readonly dialect: Dialect;
  private readonly limits: ProviderLimits;
  readonly mode: ToolSearchMode;
  readonly searchEntry: ToolEntry;

  constructor(private readonly opts: ToolSessionOptions) {
    this.dialect = dialectFor(opts.provider);
    this.limits = opts.limits ?? PROVIDER_LIMITS[opts.provider ?? "openai-compatible"];
    this.mode = opts.mode ?? "auto";
    this.searchEntry = searchToolEntry({
      index: () => this.index(),
      found: (names) => this.markUsed(names),
      deferredServers: () => this.lastPlan?.deferredServers ?? [],
    });
  }

  /** Tools the model called or found keep their definitions in the following requests. */
  markUsed(names: readonly string[]): void {
    for (const n of [...names].reverse()) {
      if (n === SEARCH_TOOL) continue;
      const i = this.used.indexOf(n);
      if (i !== -1) this.used.splice(i, 1);
      this.used.push(n);
    }
  }

  /** The tools an earlier conversation called were used in this session: they stay loaded (§15.2, resume). */
  markUsedIn(history: readonly ModelMessage[]): void {
    this.markUsed(calledTools(history).reverse());
  }

  /** Tools used or found so far, oldest first. */
  get usedTools(): readonly string[] {
    return [...this.used];
  }

  /** Forgets used/found tools (a cleared conversation). */
  reset(): void {
    this.used.length = 0;
  }

  /**
   * The tools of one request; `all` is the registry's list now, `history` the conversation the request
   * carries (native search results in it keep the tools they found loaded).
   */
  prepare(all: readonly ToolEntry[], history: readonly ModelMessage[] = []): PrepareResult {
    this.current = all;
    this.history = history;
    const plan = this.plan(all);
    if (!plan.ok) return plan;
    const byName = new Map(all.map((e) => [e.name, e]));
    const entries = plan.plan.send.map((n) => byName.get(n)!);
    if (plan.plan.search === "local") entries.push(this.searchEntry);
    const aiTools =
      plan.plan.search === "native"
        ? this.nativeTools(plan.plan, byName)
        : toAiTools(entries, {
            schemaOf: (e) => this.schemaOf(e),
            descriptionOf: (e) => fitDescription(e.description, this.limits),
            ...(this.dialect === "openai" && { strict: false }),
          });
    this.lastPlan = plan.plan;
    const native = this.opts.native;
    const sent =
      plan.plan.search === "native" && native !== undefined
        ? pruneReferences(history, native, new Set(Object.keys(aiTools)))
        : [...history];
    return { ok: true, value: { plan: plan.plan, entries, aiTools, history: sent } };
  }

  /** The plan of the latest request (undefined before the first). */
  get lastRequest(): ToolPlan | undefined {
    return this.lastPlan;
  }

  /** The search the model gets when tools are deferred: the provider's own or `search_tools`. */
  get searchName(): string {
    const native = this.opts.native;
    return this.lastPlan?.search === "native" && native !== undefined
      ? NATIVE_SEARCH_TOOL[native]
      : SEARCH_TOOL;
  }

  /**
   * Loaded vs deferred, for /tools, /context and the status line (from the registry's list now). Natively
   * deferred definitions are on the wire but not in the model's context: they count as deferred until a
   * search loads them.
   */
  stats(
    all: readonly ToolEntry[] = this.current,
    history: readonly ModelMessage[] = this.history,
  ): ToolStats {
    const plan = this.plan(all, history);
    const inContext = new Set(plan.ok ? plan.plan.send : []);
    if (plan.ok && plan.plan.search === "native") {
      const waiting = new Set(plan.plan.deferLoading);
      for (const n of this.referenced(history)) if (waiting.has(n)) inContext.add(n);
    }
    let loadedTokens = 0;
    let deferredTokens = 0;
    for (const e of all) {
      if (inContext.has(e.name) || !plan.ok) loadedTokens += this.tokensOf(e);
      else deferredTokens += this.tokensOf(e);
    }
    const search = plan.ok && plan.plan.search !== "none";
    if (plan.ok && plan.plan.search === "local") loadedTokens += this.tokensOf(this.searchEntry);
    // The native search tool and (OpenAI) the namespaces' names and descriptions are in context too.
    if (plan.ok && plan.plan.search === "native") loadedTokens = plan.plan.tokens;
    return {
      mode: this.mode,
      total: all.length,
      loaded: inContext.size + (search ? 1 : 0),
      deferred: plan.ok ? all.length - inContext.size : 0,
      loadedTokens,
      deferredTokens,
      deferredServers: plan.ok ? plan.plan.deferredServers : [],
      search: plan.ok && plan.plan.search === "native" ? "native" : "local",
      searchTool:
        plan.ok && plan.plan.search === "native" && this.opts.native !== undefined
          ? NATIVE_SEARCH_TOOL[this.opts.native]
          : SEARCH_TOOL,
    };
  }

  /**
   * For a call to a name nothing is registered under (a guessed name: the server's own tool name, another
   * spelling): the registered tools it most likely meant, by searching the name's words, and where to
   * look for others. Models guess names of tools they have not seen; this turns the guess into one more
   * step instead of a dead end.
   */
  unknownToolHint(name: string): string {
    const words = name
      .replace(/^mcp__/, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/[-_.:/]+/g, " ")
      .trim();
    const hits = words === "" ? [] : this.index().search(words, { limit: 3 });
    const names = hits.map((h) => h.name).filter((n) => n !== SEARCH_TOOL);
    const deferred = this.lastPlan?.deferred === true;
    const search = deferred ? `call ${this.searchName} with what you need to find a tool` : "";
    if (names.length === 0) return search === "" ? "" : `${search}, then call it by its exact name`;
    return `registered tools with a similar name: ${names.join(", ")}. Call one by that exact name${search !== "" ? `, or ${search}` : ""}`;
  }

  /** The search index over the registry's tools, rebuilt when they changed. */
  index(): SearchIndex {
    const all = this.current;
    if (this.indexed === undefined || !sameEntries(this.indexed.entries, all))
      this.indexed = { entries: all, index: this.opts.buildIndex(all.map(toSearchable)) };
    return this.indexed.index;
  }

  private plan(all: readonly ToolEntry[], history: readonly ModelMessage[] = this.history) {
    return planTools({
      tools: all.map((e) => ({
        name: e.name,
        ...(e.source.type === "mcp" && { server: e.source.server }),
        tokens: this.tokensOf(e),
      })),
      mode: this.mode,
      alwaysLoad: this.opts.alwaysLoad?.() ?? new Set(),
      loaded: this.used,
      limits: this.limits,
      contextWindow: this.opts.contextWindow ?? 128_000,
      ...(this.opts.native !== undefined && { native: this.deferral(all, history) }),
      searchTokens: this.tokensOf(this.searchEntry),
    });
  }

  private deferral(all: readonly ToolEntry[], history: readonly ModelMessage[]): NativeDeferral {
    const kind = this.opts.native!;
    const count = this.counter();
    const namespaceTokens = new Map<string, number>();
    if (kind === "openai")
      for (const [server, ns] of this.namespaces(all))
        namespaceTokens.set(server, count(JSON.stringify({ type: "namespace", ...ns })));
    return {
      shape: kind === "openai" ? "namespaced" : "flat",
      searchTokens: count(JSON.stringify(nativeSearchWire(kind))),
      namespaceTokens,
      referenced: this.referenced(history),
    };
  }

  private referenced(history: readonly ModelMessage[]): Set<string> {
    return this.opts.native === undefined ? new Set() : loadedByHistory(history, this.opts.native);
  }

  /** One namespace per MCP server (OpenAI), described by its tools' names; cached per registry list. */
  private namespaces(all: readonly ToolEntry[]): Map<string, Namespace> {
    if (this.namespaceCache?.entries === all) return this.namespaceCache.value;
    const byServer = new Map<string, string[]>();
    for (const e of all) {
      if (e.source.type !== "mcp") continue;
      const list = byServer.get(e.source.server) ?? [];
      list.push(e.source.tool);
      byServer.set(e.source.server, list);
    }
    const value = namespacesFor(byServer);
    this.namespaceCache = { entries: all, value };
    return value;
  }

  /** Sent definitions whole, deferred ones flagged, MCP tools in their server's namespace (OpenAI). */
  private nativeTools(plan: ToolPlan, byName: ReadonlyMap<string, ToolEntry>): ToolSet {
    const kind = this.opts.native!;
    const deferred = new Set(plan.deferLoading);
    const namespaces = kind === "openai" ? this.namespaces(this.current) : undefined;
    const entries = [...plan.send, ...plan.deferLoading].map((n) => byName.get(n)!);
    const set = toAiTools(entries, {
      schemaOf: (e) => this.schemaOf(e),
      descriptionOf: (e) => fitDescription(e.description, this.limits),
      ...(this.dialect === "openai" && { strict: false }),
      providerOptionsOf: (e) => {
        const ns = e.source.type === "mcp" ? namespaces?.get(e.source.server) : undefined;
        return toolOptions(kind, deferred.has(e.name), ns);
      },
    });
    // Nothing deferred (the rest sent whole past the provider's count): the search would find nothing.
    if (deferred.size > 0) set[NATIVE_SEARCH_TOOL[kind]] = nativeSearchTool(kind);
    return set;
  }

  private counter(): CountTokens {
    return tokenCounterIfLoaded() ?? estimateTokens;
  }

  private schemaOf(e: ToolEntry): unknown {
    let s = this.schemaCache.get(e);
    if (s === undefined) {
      s =
        e.rawInputSchema === undefined
          ? e.inputSchema
          : applyDialect(this.dialect, e.inputSchema, e.rawInputSchema);
      this.schemaCache.set(e, s);
    }
    return s;
  }

  /** Definition tokens with the real tokenizer once loaded (the agent loads it before its first request). */
  tokensOf(e: ToolEntry): number {
    const counter = tokenCounterIfLoaded();
    const cached = this.tokenCache.get(e);
    if (cached !== undefined && counter !== undefined) return cached;
    const count: CountTokens = counter ?? estimateTokens;
    const n = definitionTokens(
      { name: e.name, description: e.description, inputSchema: this.schemaOf(e) },
      count,
    );
    if (counter !== undefined) this.tokenCache.set(e, n);
    return n;
  }
}

function sameEntries(a: readonly ToolEntry[], b: readonly ToolEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Registered-tool calls in a conversation, oldest first (provider-run calls are not the host's tools). */
function calledTools(messages: readonly ModelMessage[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const p of m.content)
      if (p.type === "tool-call" && p.providerExecuted !== true) out.push(p.toolName);
  }
  return out;
}
