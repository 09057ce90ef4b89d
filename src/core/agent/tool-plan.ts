// Which tool definitions one model request carries (§15.2, §15.3). Pure: the registry's tools with their
// definition sizes, the session's used/found tools, the mode and the provider's limits in; the names to
// send (and, with native deferral, to send deferred) out — or an error naming the setting to change when
// even the tools that must be sent exceed what the provider accepts.
import type { ToolSearchMode } from "../settings.js";
import { chooseLoaded } from "./tool-eviction.js";
import type { ProviderLimits } from "./tool-limits.js";

/** "auto" defers MCP tools past this many… */
export const AUTO_MAX_TOOLS = 40;
/** …or past this share of the model's context window. */
export const AUTO_MAX_WINDOW_SHARE = 0.1;

export interface PlanTool {
  name: string;
  /** The MCP server, for MCP tools (resource/prompt helpers included); absent for built-in and ext_ tools. */
  server?: string;
  /** Tokens of the definition as sent. */
  tokens: number;
}

export interface PlanInput {
  /** Every registered tool, in registry order. */
  tools: readonly PlanTool[];
  mode: ToolSearchMode;
  /** Servers with `alwaysLoad: true`. */
  alwaysLoad: ReadonlySet<string>;
  /** Tools used or found by search in this session, least recently called or found first. */
  loaded: readonly string[];
  /** Those of `loaded` the model called (kept over tools only found when not all fit). */
  called?: ReadonlySet<string>;
  limits: ProviderLimits;
  contextWindow: number;
  /** The provider defers natively (definitions sent with defer_loading plus its own search tool). */
  native?: NativeDeferral;
  /** Tokens of the local search tool's definition. */
  searchTokens: number;
}

/**
 * The provider's own deferral (§15.3). Deferred definitions go out with every request, flagged, and the
 * provider loads one into the model's context when its search finds it (the result stays in the history).
 */
export interface NativeDeferral {
  /**
   * "flat": each deferred definition is an entry of the tools array, so all of them count against the
   * provider's tool count (Anthropic). "namespaced": every MCP tool goes inside its server's namespace
   * entry, so only built-ins, namespaces and the search tool count (OpenAI's 128).
   */
  shape: "flat" | "namespaced";
  /** Tokens of the provider's search tool as the model sees it. */
  searchTokens: number;
  /** Namespaced: tokens of each server's namespace entry (its name and description reach the model). */
  namespaceTokens?: ReadonlyMap<string, number>;
  /** Deferred tools whose definitions the conversation already loads (native search results in it). */
  referenced: ReadonlySet<string>;
}

export interface ToolPlan {
  /** Whether MCP tools are deferred behind search in this request. */
  deferred: boolean;
  /** Registered tools whose definitions the model gets, in the order sent. */
  send: string[];
  /** Native deferral: registered tools sent with defer_loading (the provider loads them on search). */
  deferLoading: string[];
  search: "none" | "local" | "native";
  /** Per server, how many of its tools are deferred, in name order. */
  deferredServers: { server: string; tools: number }[];
  /** Tools no request can carry: their names break the provider's rules. */
  leftOut: { name: string; reason: string }[];
  /** Used or found tools this request leaves out to stay within the provider's count (callable by name). */
  overLimit: string[];
  /** Definition tokens the model's context gets (the search tool included). */
  tokens: number;
  /** Definition tokens of every tool, as sending all of them would cost. */
  allTokens: number;
}

export type PlanResult = { ok: true; plan: ToolPlan } | { ok: false; message: string };

export function planTools(input: PlanInput): PlanResult {
  const { limits } = input;
  const leftOut: ToolPlan["leftOut"] = [];
  const usable: PlanTool[] = [];
  for (const t of input.tools) {
    if (limits.namePattern.test(t.name)) usable.push(t);
    else leftOut.push({ name: t.name, reason: `the provider accepts tool names of ${limits.nameRule}` });
  }
  const allTokens = sum(usable);
  const core = usable.filter((t) => t.server === undefined);
  const mcp = usable.filter((t) => t.server !== undefined);
  const defer = shouldDefer(input, core.length, mcp);
  // Every usable tool sent whole, with no search tool.
  const undeferred = () =>
    ok({
      deferred: false,
      send: usable.map((t) => t.name),
      deferLoading: [],
      search: "none",
      deferredServers: [],
      leftOut,
      overLimit: [],
      tokens: allTokens,
      allTokens,
    });

  if (!defer) {
    if (usable.length > limits.maxTools) {
      return tooMany(
        usable.length,
        limits.maxTools,
        `Set "toolSearch" to "auto" (settings.json or CODEAGENT_TOOL_SEARCH) so MCP tools are found by search instead, or register fewer tools with "includeTools"/"excludeTools" in the MCP config`,
      );
    }
    return undeferred();
  }

  const pinned = [...core, ...mcp.filter((t) => input.alwaysLoad.has(t.server!))];
  if (pinned.length + 1 > limits.maxTools) {
    const servers = [...input.alwaysLoad].filter((s) => mcp.some((t) => t.server === s));
    return tooMany(
      pinned.length + 1,
      limits.maxTools,
      `These are built-in and ext_ tools${servers.length > 0 ? ` plus the tools of servers with "alwaysLoad": true (${servers.join(", ")})` : ""}. Remove "alwaysLoad" from a server, or register fewer of its tools with "includeTools"/"excludeTools" in the MCP config`,
    );
  }
  const pinnedNames = new Set(pinned.map((t) => t.name));
  const byName = new Map(mcp.map((t) => [t.name, t]));

  // Every MCP tool already goes out whole (alwaysLoad, or used in this session): a search tool would have
  // nothing to find, and the provider's native one is refused or pointless then. Send them as without
  // deferral. (Tools a native search result in the history loads stay deferred, so they keep its tool.)
  const whole = new Set([...pinnedNames, ...input.loaded]);
  const referenced = input.native?.referenced ?? new Set<string>();
  if (mcp.every((t) => whole.has(t.name) && !referenced.has(t.name)) && usable.length <= limits.maxTools)
    return undeferred();

  if (input.native !== undefined) {
    const plan = nativePlan(input.native, { pinned, core, mcp, leftOut, allTokens, loaded: input.loaded });
    // Past the provider's count even natively: the local search sends fewer entries.
    if (plan.count <= limits.maxTools) return ok(plan.plan);
  }

  // Used/found tools while the provider's count allows (tool-eviction.ts picks which); the rest stay
  // deferred and remain callable by name.
  const room = limits.maxTools - pinned.length - 1;
  const candidates = latestOnce(input.loaded)
    .filter((name) => byName.has(name) && !pinnedNames.has(name))
    .map((name) => ({ name, called: input.called?.has(name) ?? false }));
  const choice = chooseLoaded(candidates, room);
  // In the order they were first loaded: a tool used again keeps its place, so the tools array (the start of
  // every cached prompt prefix) only grows at its end.
  const kept = new Set(choice.keep);
  const extra = firstOnce(input.loaded)
    .filter((name) => kept.has(name))
    .map((name) => byName.get(name)!);
  const sent = new Set([...pinnedNames, ...choice.keep]);
  return ok({
    deferred: true,
    send: [...pinned, ...extra].map((t) => t.name),
    deferLoading: [],
    search: "local",
    deferredServers: countByServer(mcp.filter((t) => !sent.has(t.name))),
    leftOut,
    overLimit: choice.drop,
    tokens: sum(pinned) + sum(extra) + input.searchTokens,
    allTokens,
  });
}

/**
 * Native: built-ins, alwaysLoad servers and the used tools the conversation does not load already are sent
 * whole; every other MCP tool is sent deferred. A tool found by the provider's search stays deferred (its
 * definition is loaded from the history, and the tools array, which every cache prefix starts with, stays
 * the same); once the history no longer loads it (compacted away), it is sent whole like any used tool.
 */
function nativePlan(
  native: NativeDeferral,
  p: {
    pinned: readonly PlanTool[];
    core: readonly PlanTool[];
    mcp: readonly PlanTool[];
    leftOut: ToolPlan["leftOut"];
    allTokens: number;
    loaded: readonly string[];
  },
): { plan: ToolPlan; count: number } {
  const pinnedNames = new Set(p.pinned.map((t) => t.name));
  const byName = new Map(p.mcp.map((t) => [t.name, t]));
  const extra: PlanTool[] = [];
  const seen = new Set<string>();
  for (const name of p.loaded) {
    const t = byName.get(name);
    if (t === undefined || pinnedNames.has(name) || seen.has(name) || native.referenced.has(name)) continue;
    seen.add(name);
    extra.push(t);
  }
  const send = [...p.pinned, ...extra];
  const sent = new Set(send.map((t) => t.name));
  const deferLoading = p.mcp.filter((t) => !sent.has(t.name));
  const loadedByHistory = deferLoading.filter((t) => native.referenced.has(t.name));
  const namespaces = new Set(p.mcp.map((t) => t.server!));
  let namespaceTokens = 0;
  if (native.shape === "namespaced")
    for (const s of namespaces) namespaceTokens += native.namespaceTokens?.get(s) ?? 0;
  return {
    count:
      native.shape === "flat" ? send.length + deferLoading.length + 1 : p.core.length + namespaces.size + 1,
    plan: {
      deferred: true,
      send: send.map((t) => t.name),
      deferLoading: deferLoading.map((t) => t.name),
      search: "native",
      deferredServers: countByServer(deferLoading.filter((t) => !native.referenced.has(t.name))),
      leftOut: p.leftOut,
      // Deferred definitions do not take room in the model's context: found tools never go over the count.
      overLimit: [],
      tokens: sum(send) + sum(loadedByHistory) + namespaceTokens + native.searchTokens,
      allTokens: p.allTokens,
    },
  };
}

function shouldDefer(input: PlanInput, coreCount: number, mcp: readonly PlanTool[]): boolean {
  if (mcp.length === 0) return false;
  switch (input.mode) {
    case "never":
      return false;
    case "always":
      return true;
    case "auto":
      // Also when everything would not fit the provider's count: deferring beats an HTTP 400.
      return (
        mcp.length > AUTO_MAX_TOOLS ||
        sum(mcp) > AUTO_MAX_WINDOW_SHARE * input.contextWindow ||
        coreCount + mcp.length > input.limits.maxTools
      );
  }
}

function tooMany(count: number, max: number, fix: string): PlanResult {
  return {
    ok: false,
    message: `This request would carry ${count} tool definitions, but the provider accepts at most ${max}. ${fix}.`,
  };
}

function countByServer(tools: readonly PlanTool[]): ToolPlan["deferredServers"] {
  const m = new Map<string, number>();
  for (const t of tools) m.set(t.server!, (m.get(t.server!) ?? 0) + 1);
  return [...m]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([server, tools]) => ({ server, tools }));
}

/** Each name once, where it last appears (its latest use), in that order. */
function firstOnce(names: readonly string[]): string[] {
  return [...new Set(names)];
}

function latestOnce(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = names.length - 1; i >= 0; i--) {
    const n = names[i]!;
    if (seen.has(n)) continue;
    seen.add(n);
    out.push(n);
  }
  return out.reverse();
}

function sum(tools: readonly PlanTool[]): number {
  let n = 0;
  for (const t of tools) n += t.tokens;
  return n;
}

function ok(plan: ToolPlan): PlanResult {
  return { ok: true, plan };
}
