// A session's requests with the provider's own tool search (§15.3): what the planner needs to know of it
// (token costs, the tools the history loads) and the tools a native plan puts on the wire. Holds the
// OpenAI namespaces, rebuilt only when the registry's list changes.
import type { ModelMessage, ToolSet } from "ai";
import type { ToolEntry } from "../tools/types.js";
import { NATIVE_SEARCH_TOOL, type NativeSearch } from "./native-search.js";
import {
  loadedByHistory,
  namespacesFor,
  nativeSearchTool,
  nativeSearchWire,
  toolOptions,
  type Namespace,
} from "./native-tools.js";
import { toAiTools, type AiToolsOptions } from "./to-ai-tools.js";
import type { NativeDeferral, ToolPlan } from "./tool-plan.js";
import type { CountTokens } from "./token-count.js";

export class NativeWire {
  private namespaceCache: { entries: readonly ToolEntry[]; value: Map<string, Namespace> } | undefined;

  constructor(readonly kind: NativeSearch) {}

  deferral(all: readonly ToolEntry[], history: readonly ModelMessage[], count: CountTokens): NativeDeferral {
    const namespaceTokens = new Map<string, number>();
    if (this.kind === "openai")
      for (const [server, ns] of this.namespaces(all))
        namespaceTokens.set(server, count(JSON.stringify({ type: "namespace", ...ns })));
    return {
      shape: this.kind === "openai" ? "namespaced" : "flat",
      searchTokens: count(JSON.stringify(nativeSearchWire(this.kind))),
      namespaceTokens,
      referenced: this.referenced(history),
    };
  }

  /** Deferred tools whose definitions the conversation loads (native search results in it). */
  referenced(history: readonly ModelMessage[]): Set<string> {
    return loadedByHistory(history, this.kind);
  }

  /** Sent definitions whole, deferred ones flagged, MCP tools in their server's namespace (OpenAI). */
  tools(
    plan: ToolPlan,
    all: readonly ToolEntry[],
    byName: ReadonlyMap<string, ToolEntry>,
    opts: Omit<AiToolsOptions, "providerOptionsOf">,
  ): ToolSet {
    const kind = this.kind;
    const deferred = new Set(plan.deferLoading);
    const namespaces = kind === "openai" ? this.namespaces(all) : undefined;
    const entries = [...plan.send, ...plan.deferLoading].map((n) => byName.get(n)!);
    const set = toAiTools(entries, {
      ...opts,
      providerOptionsOf: (e) => {
        const ns = e.source.type === "mcp" ? namespaces?.get(e.source.server) : undefined;
        return toolOptions(kind, deferred.has(e.name), ns);
      },
    });
    // Nothing deferred (the rest sent whole past the provider's count): the search would find nothing.
    if (deferred.size > 0) set[NATIVE_SEARCH_TOOL[kind]] = nativeSearchTool(kind);
    return set;
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
}
