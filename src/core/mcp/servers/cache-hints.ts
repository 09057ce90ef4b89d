// Cache hints of MCP 2026-07-28 (`ttlMs` / `cacheScope` on tools/list, resources/list, resources/templates/list,
// prompts/list and resources/read results; server/utilities/caching in the spec) read defensively and turned
// into the decisions our caches make (§4.3, §14). A result without hints (every 2025-era server) has none, and
// the caches keep their 2025 behaviour for it: the warm cache is used until the server answers, and
// notifications alone invalidate.
import type { CacheHint, ListHints, ListKind } from "../types.js";

export type { CacheHint, CacheScope, ListHints } from "../types.js";

/** A server cannot pin a list for longer than a day (the SDK's own bound). */
export const MAX_TTL_MS = 86_400_000;

/**
 * The shortest gap between two re-listings of one list in a session, whatever the TTL: a server saying
 * "immediately stale" (ttlMs 0, the SDK's default) is listed again at most this often, not at every turn.
 */
export const MIN_RELIST_GAP_MS = 10_000;

/** `ttlMs` as the spec reads it (negative → 0) and as we guard it (not a finite number → 0, over a day → a day). */
export function clampTtl(v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v <= 0) return 0;
  return Math.min(Math.floor(v), MAX_TTL_MS);
}

/** The hint one result carries, or undefined when it carries neither field (a 2025-era result). */
export function readCacheHint(result: unknown, receivedAt: number): CacheHint | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const r = result as { ttlMs?: unknown; cacheScope?: unknown };
  if (r.ttlMs === undefined && r.cacheScope === undefined) return undefined;
  return { ttlMs: clampTtl(r.ttlMs), scope: r.cacheScope === "public" ? "public" : "private", receivedAt };
}

/**
 * One hint for a list read in several results (pages, or resources + templates): fresh until the first of
 * them goes stale, private if any is. A part without hints, next to parts with them, counts as stale.
 */
export function combineHints(parts: readonly (CacheHint | undefined)[]): CacheHint | undefined {
  const given = parts.filter((h): h is CacheHint => h !== undefined);
  if (given.length === 0) return undefined;
  const receivedAt = Math.min(...given.map((h) => h.receivedAt));
  const expires = given.length < parts.length ? receivedAt : Math.min(...given.map(expiresAt));
  return {
    ttlMs: Math.max(0, expires - receivedAt),
    scope: given.some((h) => h.scope === "private") || given.length < parts.length ? "private" : "public",
    receivedAt,
  };
}

export function expiresAt(h: CacheHint): number {
  return h.receivedAt + h.ttlMs;
}

/** `now < t_received + ttlMs`; a receipt time in the future (a clock set back) is not trusted. */
export function isFresh(h: CacheHint | undefined, now: number): boolean {
  return h !== undefined && h.receivedAt <= now && now < expiresAt(h);
}

/**
 * At a start with lists from the warm cache: which lists must be fetched again. A list the cache holds without
 * a hint is fetched (the 2025 behaviour); a list whose hint is still fresh is used as it is.
 */
export function listsToFetch(
  cached: ListHints | undefined,
  kinds: readonly ListKind[],
  now: number,
): Set<ListKind> {
  return new Set(kinds.filter((k) => !isFresh(cached?.[k], now)));
}

/**
 * Whether a one-shot lookup (`ManagerOptions.cachedOnly`) may answer from cached tools without starting the
 * server: always for tools cached without a hint (the 2025 behaviour), only while fresh for tools with one.
 */
export function cachedToolsServable(cached: ListHints | undefined, now: number): boolean {
  const h = cached?.tools;
  return h === undefined || isFresh(h, now);
}

/**
 * In a session, which lists to fetch again before they are used: those with a hint that went stale, and were
 * not fetched within MIN_RELIST_GAP_MS. Lists without hints wait for change notifications, as before.
 */
export function listsToRevalidate(hints: ListHints | undefined, now: number): Set<ListKind> {
  const out = new Set<ListKind>();
  for (const [kind, h] of Object.entries(hints ?? {}) as [ListKind, CacheHint][]) {
    if (isFresh(h, now)) continue;
    if (h.receivedAt <= now && now - h.receivedAt < MIN_RELIST_GAP_MS) continue;
    out.add(kind);
  }
  return out;
}

/** One line for the server's log and `mcp get`: `tools/list: fresh for 300 s, public`. */
export function describeHint(method: string, h: CacheHint): string {
  const ttl = h.ttlMs === 0 ? "immediately stale" : `fresh for ${formatTtl(h.ttlMs)}`;
  return `${method}: ${ttl}, ${h.scope}`;
}

function formatTtl(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 6000) / 10} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}
