// Server lifecycle states (§4.1) as a discriminated union, plus the snapshot the UI and commands read.
import type { Scope, ServerDefinition, TransportKind, VariableUse } from "../../config/types.js";
import type { PriorDiscovery } from "@modelcontextprotocol/client";
import type { ErrorCode } from "../../errors.js";
import type { ListHints, ListKind, ServerInfo } from "../types.js";
import type { RawPrompt, RawResource, RawTemplate, RawTool, Skipped } from "../types.js";

export type ServerStatus =
  "disabled" | "needs-approval" | "idle" | "starting" | "ready" | "failed" | "needs-auth";

export interface StateError {
  code: ErrorCode;
  message: string;
}

export type ServerState =
  | { status: "disabled" }
  | { status: "needs-approval" }
  /** A lazy server (§20.1) with no process: its cached tools are registered; the first use starts it. */
  | { status: "idle"; since: number }
  /** `woken`: a lazy or idle server started by a use; its tools stay registered meanwhile. */
  | { status: "starting"; since: number; attempt: number; woken?: true }
  | { status: "ready"; since: number }
  | { status: "failed"; error: StateError; at: number }
  | { status: "needs-auth"; error: StateError };

export type { ListKind } from "../types.js";

/** Something that went wrong while listing but did not fail the start: shown, never dropped. */
export interface ListNote {
  kind: ListKind;
  /** One printable line, naming the list method: `tools/list: server repeated cursor "c0"`. */
  text: string;
}

export interface ServerLists {
  tools: RawTool[];
  skippedTools: Skipped[];
  resources: RawResource[];
  templates: RawTemplate[];
  prompts: RawPrompt[];
  /** What the last listing could not do (a failed or cut-short list, malformed entries); empty when cached. */
  notes: ListNote[];
  /** True while the lists come from the on-disk cache of an earlier session (§4.3). */
  fromCache: boolean;
  /** The protocol era the server spoke last time (§14), so that a restart does not probe again. */
  verdict?: PriorDiscovery;
  /** The 2026-07-28 cache hints of each list, as last listed (none from a 2025-era server). */
  hints?: ListHints;
  /** The server's `instructions` when it was last started: what an idle (lazy) server tells the model. */
  instructions?: string;
}

export const EMPTY_LISTS: ServerLists = {
  tools: [],
  skippedTools: [],
  resources: [],
  templates: [],
  prompts: [],
  notes: [],
  fromCache: false,
};

export interface ServerSnapshot {
  name: string;
  scope: Scope;
  source: string;
  transport: TransportKind;
  state: ServerState;
  /** The error message for `failed` / `needs-auth`, else null. */
  error: string | null;
  definition: ServerDefinition;
  lists: ServerLists;
  info: ServerInfo | undefined;
  variables: VariableUse[];
}

export function snapshotOf(
  def: ServerDefinition,
  state: ServerState,
  lists: ServerLists,
  info: ServerInfo | undefined,
  variables: VariableUse[],
): ServerSnapshot {
  const transport = info?.transport ?? transportOf(def);
  return {
    name: def.name,
    scope: def.scope,
    source: def.source,
    transport,
    state,
    error: stateError(state),
    definition: def,
    lists,
    info,
    variables,
  };
}

export function stateError(state: ServerState): string | null {
  return state.status === "failed" || state.status === "needs-auth" ? state.error.message : null;
}

/** Transport as configured (before any SSE fallback), for entries that did not parse: guessed from raw keys. */
export function transportOf(def: ServerDefinition): TransportKind {
  if (def.config !== undefined) return def.config.transport;
  const raw = def.raw as { url?: unknown; type?: unknown } | null;
  if (raw !== null && typeof raw === "object" && raw.type === "sse") return "sse";
  return raw !== null && typeof raw === "object" && typeof raw.url === "string" ? "http" : "stdio";
}

/**
 * The live lists with the entries of `cached`, for a server that listed what its cache file said: the cached
 * entries are registered already, so they stay the one copy and the live duplicate is let go.
 */
export function keepCachedEntries(cached: ServerLists, live: ServerLists): ServerLists {
  const { tools, skippedTools, resources, templates, prompts } = cached;
  return { ...live, tools, skippedTools, resources, templates, prompts };
}

/** The same lists apart from their hints and notes. */
export function sameLists(a: ServerLists, b: ServerLists): boolean {
  const strip = ({ hints: _h, notes: _n, fromCache: _f, ...rest }: ServerLists) => JSON.stringify(rest);
  return a.notes.length === 0 && b.notes.length === 0 && a.fromCache === b.fromCache && strip(a) === strip(b);
}
