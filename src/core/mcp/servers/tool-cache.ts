// On-disk cache of a server's lists (§4.3), keyed by a hash of its resolved config, so a new session can
// register a known server's tools before the server has answered. A bad cache file is ignored. The lists'
// 2026-07-28 cache hints are kept with them: the config (env, headers) is in the key, so the only change of
// authorization context the key cannot see is an OAuth login or logout, which drops the server's private lists.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PriorDiscovery } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../../config/types.js";
import { writeFileAtomic } from "../../fs/atomic-write.js";
import { clampTtl, type CacheHint, type ListHints } from "./cache-hints.js";
import type { ListKind, ServerLists } from "./state.js";

export function configCacheKey(name: string, config: ServerConfig): string {
  // When the server starts and stops changes nothing it lists.
  const { startup: _s, idleTimeoutMs: _i, ...listed } = config;
  return createHash("sha256")
    .update(JSON.stringify([name, listed]))
    .digest("hex")
    .slice(0, 32);
}

export class ToolCache {
  /**
   * The file text read at start, per key, until the live lists are written: a server whose lists did not change
   * is not rewritten. Dropped at that write, so the text is held only while the server starts.
   */
  private readonly onDisk = new Map<string, string>();
  constructor(private readonly dir: string) {}

  private fileOf(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  read(key: string): ServerLists | undefined {
    try {
      const text = readFileSync(this.fileOf(key), "utf8");
      const v = JSON.parse(text) as Partial<ServerLists>;
      if (!Array.isArray(v.tools)) return undefined;
      this.onDisk.set(key, text);
      const lists: ServerLists = {
        tools: v.tools,
        skippedTools: Array.isArray(v.skippedTools) ? v.skippedTools : [],
        resources: Array.isArray(v.resources) ? v.resources : [],
        templates: Array.isArray(v.templates) ? v.templates : [],
        prompts: Array.isArray(v.prompts) ? v.prompts : [],
        notes: [],
        fromCache: true,
        ...(validVerdict(v.verdict) && { verdict: v.verdict }),
        ...(typeof v.instructions === "string" && { instructions: v.instructions }),
        ...hintsOf(v.hints),
      };
      return lists;
    } catch {
      return undefined;
    }
  }

  /**
   * `server`: the server's name, kept in the file so that a login or logout finds its private lists. True when
   * the lists are the ones read at start (`read`), so nothing was written.
   */
  write(key: string, lists: ServerLists, server?: string): boolean {
    try {
      const text = cacheFileText(lists, server);
      const before = this.onDisk.get(key);
      this.onDisk.delete(key);
      if (before === text) return true;
      writeCacheFile(this.fileOf(key), text);
    } catch {
      // The cache is an optimisation; failing to write it must not affect the session.
    }
    return false;
  }

  /**
   * Drops the cached lists of `server` that it marked `private` (§14): they belong to the authorization context
   * that listed them, which a login or logout ends. Returns the files removed.
   */
  forgetPrivate(server: string): string[] {
    const removed: string[] = [];
    let names: string[] = [];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(".json"));
    } catch {
      return removed;
    }
    for (const n of names) {
      const file = join(this.dir, n);
      try {
        const v = JSON.parse(readFileSync(file, "utf8")) as { server?: unknown; hints?: unknown };
        if (v.server !== server) continue;
        const hints = Object.values(hintsOf(v.hints).hints ?? {});
        if (!hints.some((h) => h.scope === "private")) continue;
        rmSync(file, { force: true });
        removed.push(file);
      } catch {
        // An unreadable entry is ignored by read() too.
      }
    }
    return removed;
  }
}

/** A cache file's text: the lists (of `server`, kept so that a login or logout finds its private lists). */
export function cacheFileText(lists: ServerLists, server: string | undefined): string {
  // Notes describe this session's listing, not the server: they are not kept.
  const { fromCache: _f, notes: _n, ...data } = lists;
  return JSON.stringify(server === undefined ? data : { server, ...data });
}

/**
 * Replaces a cache file whole (no read-modify-write, so no lock: the last writer's lists win). Not durable: a
 * file cut short by a crash does not parse and is ignored (`read`), like a missing one.
 */
export function writeCacheFile(file: string, text: string): void {
  writeFileAtomic(file, text, { secret: true, durable: false });
}

/** The hints as written; anything malformed is dropped (that list then behaves as one without hints). */
function hintsOf(v: unknown): { hints?: ListHints } {
  if (typeof v !== "object" || v === null) return {};
  const out: ListHints = {};
  for (const kind of ["tools", "resources", "prompts"] as const satisfies readonly ListKind[]) {
    const h = (v as Record<string, unknown>)[kind] as Partial<CacheHint> | undefined;
    if (typeof h !== "object" || h === null || typeof h.receivedAt !== "number") continue;
    if (!Number.isFinite(h.receivedAt)) continue;
    out[kind] = {
      ttlMs: clampTtl(h.ttlMs),
      scope: h.scope === "public" ? "public" : "private",
      receivedAt: h.receivedAt,
    };
  }
  return Object.keys(out).length > 0 ? { hints: out } : {};
}

/** A verdict as `connect({ prior })` takes it; anything else in the file is ignored (the era is probed). */
function validVerdict(v: unknown): v is PriorDiscovery {
  if (typeof v !== "object" || v === null) return false;
  const kind = (v as { kind?: unknown }).kind;
  if (kind === "legacy") return true;
  const discover = (v as { discover?: unknown }).discover;
  return kind === "modern" && typeof discover === "object" && discover !== null;
}
