// A session's view of the tool list (§15.2-15.5): which definitions each request carries (tool-plan.ts
// decides), in which schema dialect, what they cost in tokens, and which tools the session has used or
// found (they stay loaded). Holds the search index, rebuilt only when the registry's tools change.
// Over 300 lines: one class keeps the session's loaded set, its dialect and its token counts in step.
import type { ModelMessage, ToolSet } from "ai";
import type { SearchableTool } from "../search/index.js";
import type { ToolSearchMode } from "../settings.js";
import { toSearchable } from "../tools/searchable.js";
import type { ToolEntry } from "../tools/types.js";
import { applyDialect, dialectFor, type Dialect } from "./dialects.js";
import { limitText, unloadedLine, type LoadReport } from "./load-report.js";
import { NATIVE_SEARCH_TOOL, type NativeSearch } from "./native-search.js";
import { pruneReferences } from "./native-tools.js";
import { NativeWire } from "./native-wire.js";
import type { ProviderName } from "./providers.js";
import { SEARCH_TOOL, searchToolEntry, unknownToolHint, type SearchIndex } from "./search-tool.js";
import { codeSearchTool } from "../code-mode/code-tools.js";
import { calledTools, SessionTools } from "./session-tools.js";
import { toAiTools } from "./to-ai-tools.js";
import { fitDescription, PROVIDER_LIMITS, type ProviderLimits } from "./tool-limits.js";
import { planTools, type ToolPlan } from "./tool-plan.js";
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
  /** Why a tool name's server cannot serve it now (failed, starting), for a call to a name not registered. */
  unavailable?: (name: string) => string | undefined;
  /**
   * Code mode (§20.2): MCP tools are never sent; the model finds them with a search_tools that answers with
   * TypeScript declarations and calls them from execute_code (registered beside the built-ins).
   */
  code?: boolean;
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
  private readonly loaded = new SessionTools();
  private readonly tokenCache = new WeakMap<ToolEntry, number>();
  private readonly schemaCache = new WeakMap<ToolEntry, unknown>();
  private indexed: { entries: readonly ToolEntry[]; index: SearchIndex } | undefined;
  private current: readonly ToolEntry[] = [];
  private lastPlan: ToolPlan | undefined;
  private history: readonly ModelMessage[] = [];
  private readonly native: NativeWire | undefined;
  private readonly dialect: Dialect;
  private readonly limits: ProviderLimits;
  readonly mode: ToolSearchMode;
  readonly searchEntry: ToolEntry;

  constructor(private readonly opts: ToolSessionOptions) {
    this.dialect = dialectFor(opts.provider);
    this.limits = opts.limits ?? PROVIDER_LIMITS[opts.provider ?? "openai-compatible"];
    this.mode = opts.mode ?? "auto";
    this.native = opts.native === undefined || opts.code === true ? undefined : new NativeWire(opts.native);
    this.searchEntry =
      opts.code === true
        ? codeSearchTool({
            name: SEARCH_TOOL,
            index: () => this.index(),
            registry: { get: (name) => this.current.find((e) => e.name === name) },
          })
        : searchToolEntry({
            index: () => this.index(),
            found: (names) => this.found(names),
            deferredServers: () => this.lastPlan?.deferredServers ?? [],
          });
  }

  /** Whether MCP tools are called from execute_code scripts instead of directly (§20.2). */
  get codeMode(): boolean {
    return this.opts.code === true;
  }

  /** Tools the model called keep their definitions in the following requests, over tools only found. */
  markCalled(names: readonly string[]): void {
    this.loaded.touch(names, "called");
  }

  /** Tools a search found (best first) join the following requests while the provider's count allows. */
  markFound(names: readonly string[]): void {
    this.loaded.touch(names, "found");
  }

  /** The tools an earlier conversation called were used in this session: they stay loaded (§15.2, resume). */
  markUsedIn(history: readonly ModelMessage[]): void {
    this.markCalled(calledTools(history).reverse());
  }

  /** Another model's session (/model): the tools used and found so far, and what the model was told. */
  continueFrom(previous: ToolSession): void {
    this.loaded.copyFrom(previous.loaded);
  }

  /** Tools used or found so far, least recently first. */
  get usedTools(): readonly string[] {
    return [...this.loaded.names];
  }

  /** Forgets used/found tools (a cleared conversation). */
  reset(): void {
    this.loaded.reset();
  }

  /**
   * For the result of a step's calls: the tools the model was told are loaded that the next request leaves
   * out for the provider's count (a call loaded a tool in their place), once; undefined when none are.
   */
  unloadNote(): string | undefined {
    const plan = this.plan(this.current);
    if (!plan.ok) return undefined;
    const r = this.loaded.report([], plan.plan, this.limitWords());
    return unloadedLine(r.unloaded, r.limit);
  }

  /** A local search's hits: they join the following requests; says what the next request cannot carry. */
  private found(names: readonly string[]): LoadReport {
    this.markFound(names);
    const plan = this.plan(this.current);
    const limit = this.limitWords();
    return plan.ok ? this.loaded.report(names, plan.plan, limit) : { notLoaded: [], unloaded: [], limit };
  }

  private limitWords(): string {
    return limitText(this.limits.maxTools, this.opts.provider ?? "openai-compatible");
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
    this.loaded.sent(plan.plan);
    const byName = new Map(all.map((e) => [e.name, e]));
    const entries = plan.plan.send.map((n) => byName.get(n)!);
    if (plan.plan.search === "local") entries.push(this.searchEntry);
    const wire = {
      schemaOf: (e: ToolEntry) => this.schemaOf(e),
      descriptionOf: (e: ToolEntry) => fitDescription(e.description, this.limits),
      ...(this.dialect === "openai" && { strict: false }),
    };
    const aiTools =
      plan.plan.search === "native" && this.native !== undefined
        ? this.native.tools(plan.plan, all, byName, wire)
        : toAiTools(entries, wire);
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
      for (const n of this.native?.referenced(history) ?? []) if (waiting.has(n)) inContext.add(n);
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

  /** For a call to a name nothing is registered under whose server is down: why (the host says). */
  unavailableReason(name: string): string | undefined {
    return this.opts.unavailable?.(name);
  }

  /** For a call to a name nothing is registered under: the tools it likely meant (search-tool.ts). */
  unknownToolHint(name: string): string {
    return unknownToolHint(
      name,
      this.index(),
      this.lastPlan?.deferred === true ? this.searchName : undefined,
    );
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
      // Code mode defers every MCP tool for good: found and called tools are reached through scripts.
      mode: this.codeMode ? "always" : this.mode,
      alwaysLoad: this.opts.alwaysLoad?.() ?? new Set(),
      loaded: this.codeMode ? [] : this.loaded.names,
      called: this.codeMode ? new Set() : this.loaded.calledNames,
      limits: this.limits,
      contextWindow: this.opts.contextWindow ?? 128_000,
      ...(this.native !== undefined && { native: this.native.deferral(all, history, this.counter()) }),
      searchTokens: this.tokensOf(this.searchEntry),
    });
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
