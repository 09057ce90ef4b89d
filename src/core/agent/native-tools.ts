// The wire side of native tool search (§15.3): the provider's search tool, the per-tool options that defer
// a definition (and, for OpenAI, the server namespace it goes in), and what a native search found — read
// from a streamed result or from the history, which is what keeps found definitions loaded.
import { anthropic } from "@ai-sdk/anthropic";
import { openai } from "@ai-sdk/openai";
import type { ModelMessage, Tool } from "ai";
import { sanitizeNamePart } from "../tools/naming.js";
import { NATIVE_SEARCH_TOOL, type NativeSearch } from "./native-search.js";

type ProviderOptions = NonNullable<Tool["providerOptions"]>;

/** The provider's search tool, keyed by NATIVE_SEARCH_TOOL[kind] in the request's tools. */
export function nativeSearchTool(kind: NativeSearch): Tool {
  if (kind === "anthropic") return anthropic.tools.toolSearchBm25_20251119();
  // @ai-sdk/openai may carry its own copy of provider-utils; the schema brand is a registered symbol
  // (Symbol.for), so the copies agree at run time, only their declarations differ.
  return openai.tools.toolSearch() as unknown as Tool;
}

/** The search tool's entry as it goes on the wire (what the host can count of it). */
export function nativeSearchWire(kind: NativeSearch): Record<string, string> {
  return kind === "anthropic"
    ? { type: "tool_search_tool_bm25_20251119", name: NATIVE_SEARCH_TOOL.anthropic }
    : { type: "tool_search" };
}

export interface Namespace {
  name: string;
  description: string;
}

/** Most characters of tool names a namespace description lists. */
const NAMESPACE_NAMES_CHARS = 600;

/**
 * One OpenAI namespace per MCP server: a valid name (`mcp__SERVER`, unique, ≤ 64 characters) and a
 * description naming the server and its tools — all the model sees of the namespace until a search
 * loads some of its functions.
 */
export function namespacesFor(servers: ReadonlyMap<string, readonly string[]>): Map<string, Namespace> {
  const out = new Map<string, Namespace>();
  const taken = new Set<string>();
  for (const [server, tools] of servers) {
    const base = `mcp__${sanitizeNamePart(server)}`.slice(0, 60);
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    let list = "";
    for (const t of tools) {
      const next = list === "" ? t : `${list}, ${t}`;
      if (next.length > NAMESPACE_NAMES_CHARS) {
        list = `${list}, …`;
        break;
      }
      list = next;
    }
    out.set(server, {
      name,
      description: `Tools of the MCP server "${server}" (${tools.length} tool${tools.length === 1 ? "" : "s"}): ${list}.`,
    });
  }
  return out;
}

/** Provider options of one MCP tool's definition: deferred or not, and (OpenAI) in its server's namespace. */
export function toolOptions(kind: NativeSearch, deferred: boolean, namespace?: Namespace): ProviderOptions {
  if (kind === "anthropic") return deferred ? { anthropic: { deferLoading: true } } : {};
  if (!deferred && namespace === undefined) return {};
  return {
    openai: {
      ...(deferred && { deferLoading: true }),
      ...(namespace !== undefined && { namespace: { ...namespace } }),
    },
  };
}

/**
 * Registered names a native search result loads. Anthropic: `[{type: "tool_reference", toolName}]`;
 * OpenAI: `{tools: [...]}` of functions and namespaces of functions, as the provider loaded them.
 */
export function foundNames(value: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (v === null || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    if (o.type === "tool_reference" && typeof o.toolName === "string") out.push(o.toolName);
    else if (o.type === "function" && typeof o.name === "string") out.push(o.name);
    if (Array.isArray(o.tools)) visit(o.tools);
  };
  visit(value);
  return [...new Set(out)];
}

/** Tools whose definitions the history loads: every native search result still in it. */
export function loadedByHistory(messages: readonly ModelMessage[], kind: NativeSearch): Set<string> {
  const name = NATIVE_SEARCH_TOOL[kind];
  const out = new Set<string>();
  for (const m of messages) {
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const p of m.content) {
      if (p.type !== "tool-result" || p.toolName !== name || p.output.type !== "json") continue;
      for (const n of foundNames(p.output.value)) out.add(n);
    }
  }
  return out;
}

/**
 * The history without `tool_reference`s to tools the request does not define: Anthropic refuses a
 * conversation whose search result names a tool missing from `tools` (a server removed or disabled since,
 * a resumed session under another config). The search result stays, with the tools that still exist.
 */
export function pruneReferences(
  messages: readonly ModelMessage[],
  kind: NativeSearch,
  defined: ReadonlySet<string>,
): ModelMessage[] {
  if (kind !== "anthropic") return [...messages];
  const name = NATIVE_SEARCH_TOOL[kind];
  return messages.map((m) => {
    if (m.role !== "assistant" || typeof m.content === "string") return m;
    let changed = false;
    const content = m.content.map((p) => {
      if (p.type !== "tool-result" || p.toolName !== name || p.output.type !== "json") return p;
      const value = p.output.value;
      if (!Array.isArray(value)) return p;
      const kept = value.filter(
        (r) =>
          r === null ||
          typeof r !== "object" ||
          Array.isArray(r) ||
          (r as Record<string, unknown>).type !== "tool_reference" ||
          defined.has(String((r as Record<string, unknown>).toolName)),
      );
      if (kept.length === value.length) return p;
      changed = true;
      return { ...p, output: { ...p.output, value: kept } };
    });
    return changed ? { ...m, content } : m;
  });
}
