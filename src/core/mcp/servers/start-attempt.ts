// One start attempt of a server (§4.3, §20.1), in its two halves: what to start (the config with ${VAR}s
// expanded, the log's masker, the warm cache and what it allows — serve it, stay idle, or spawn), and the open
// itself under startupTimeoutMs, its failure told as the error to show. The supervisor applies the results.
import { dirname } from "node:path";
import type { ServerConfig, ServerDefinition, VariableUse } from "../../config/types.js";
import { expandServerConfig, type VariableLookup } from "../../config/expand.js";
import { lookupForScope } from "../../config/dotenv-boundary.js";
import { CodeagentError } from "../../errors.js";
import type { McpConnection } from "../connection/connection.js";
import { openServer, type OpenRequest } from "../connection/open.js";
import { cachedToolsServable } from "./cache-hints.js";
import type { Clock } from "./clock.js";
import { staysIdle, type StartupMode } from "./lazy.js";
import type { ServerLog } from "./logs.js";
import { Masker } from "./mask.js";
import { secretsFor } from "./rules.js";
import { startupFailure } from "./startup-failure.js";
import type { ServerLists } from "./state.js";
import { configCacheKey, type ToolCache } from "./tool-cache.js";

export interface StartFacts {
  def: ServerDefinition & { config: ServerConfig };
  log: ServerLog;
  variables: VariableLookup;
  cache: ToolCache | undefined;
  /** A server with cached lists is served from them and never started (`ManagerOptions.cachedOnly`). */
  cachedOnly?: boolean | undefined;
  startup: StartupMode;
  /** A use (or a refresh) asked for the server itself. */
  wanted: boolean;
  /** Everything is listed again, whatever the cache hints say (after a refresh). */
  listEverything: boolean;
}

export interface StartPlan {
  resolved: ServerConfig;
  variables: VariableUse[];
  cacheKey: string;
  cached: ServerLists | undefined;
  /** Cached lists fresh enough to show at once, while the server starts (if it does). */
  showCached: ServerLists | undefined;
  /** Served from the cache alone, stays idle until its first use, or is spawned. */
  next: "cached" | "idle" | "spawn";
  /** Lines for the server's log, once the start goes ahead. */
  notes: string[];
  /** The wall-clock time of the plan: cache hints are stamped on that clock. */
  now: number;
}

/** What to start, or the config error that stops it; sets the log's masker for the expanded secrets. */
export function planStart(f: StartFacts): StartPlan | CodeagentError {
  const { def, log } = f;
  const expanded = expandServerConfig(def.config, lookupForScope(def.scope, f.variables), {
    baseDir: def.baseDir ?? dirname(def.source),
  });
  if (!expanded.ok) return expanded.error;
  const resolved = expanded.config;
  log.setMasker(new Masker(secretsFor(resolved, expanded.variables, f.variables)));
  const cacheKey = configCacheKey(def.name, resolved);
  const cached = f.cache?.read(cacheKey);
  const now = Date.now();
  // A one-shot lookup waits for the live tools of a server whose cached ones are stale by their hint.
  const stale = f.cachedOnly === true && cached !== undefined && !cachedToolsServable(cached.hints, now);
  const showCached = cached !== undefined && !stale ? cached : undefined;
  const plan = { resolved, variables: expanded.variables, cacheKey, cached, showCached, now };
  const notes: string[] = [];
  if (f.cachedOnly === true && cached !== undefined) {
    if (!stale) return { ...plan, next: "cached", notes };
    notes.push("the cached tools are stale by their cache hint; starting the server to list them again");
  }
  if (staysIdle({ mode: f.startup, cached, wanted: f.wanted || f.listEverything, now })) {
    notes.push("idle: tools registered from the cache; the server starts on first use");
    return { ...plan, next: "idle", notes };
  }
  return { ...plan, next: "spawn", notes };
}

export interface OpenFacts {
  def: ServerDefinition;
  plan: StartPlan;
  log: ServerLog;
  clock: Clock;
  abort: AbortController;
  listEverything: boolean;
  open: Pick<OpenRequest, "setup" | "onListChanged" | "onUnexpectedClose">;
}

export type Opened = { connection: McpConnection; lists: ServerLists } | { error: CodeagentError };

/**
 * Opens and lists the server under its startupTimeoutMs (with the instructions it gave); a failure comes back
 * as the error to show.
 */
export async function openForStart(f: OpenFacts): Promise<Opened> {
  const { def, plan, log, abort } = f;
  const timeoutMs = plan.resolved.startupTimeoutMs;
  const cancelTimeout = f.clock.setTimeout(
    () => abort.abort(new CodeagentError("STARTUP_TIMEOUT", "timeout")),
    timeoutMs,
  );
  try {
    const { connection, lists } = await openServer({
      name: def.name,
      config: plan.resolved,
      scope: def.scope,
      baseDir: def.baseDir ?? dirname(def.source),
      log,
      signal: abort.signal,
      prior: plan.cached?.verdict,
      cached:
        plan.cached === undefined || f.listEverything ? undefined : { lists: plan.cached, now: plan.now },
      ...f.open,
    });
    const said = connection.info.instructions;
    return { connection, lists: said === undefined ? lists : { ...lists, instructions: said } };
  } catch (err) {
    return { error: startupFailure(err, { def, timedOut: abort.signal.aborted, timeoutMs, log }) };
  } finally {
    cancelTimeout();
  }
}
