// A server's last listing in pinned form (session paths taken out), with the hashes found for its tools: a
// server is reviewed again when its live list replaces the cached one it started with, and mostly lists the
// same tools. Canonicalizing every tool again for that second review was ~55 MB of allocation with 20 servers.
// A tool is reused only when its definition is the same JSON as the one remembered (key order aside).
import { toolHash, type ToolDefinition } from "./definition.js";
import { withoutSessionPaths, type SessionPath } from "./session-paths.js";

export interface PreparedListing {
  /** The listed tools in pinned form, in list order. */
  listed: ToolDefinition[];
  /** Tool name → the hash of its definition as listed, where the pinned form differs. */
  listedHashes: Map<string, string>;
  /** Tool name → the hash of its pinned form, where known; fill it as hashes are found. */
  hashes: Map<string, string>;
}

interface Remembered extends PreparedListing {
  defs: Map<string, ToolDefinition>;
  pinned: Map<string, ToolDefinition>;
}

export class ListingMemo {
  private readonly last = new Map<string, Remembered>();

  constructor(private readonly paths: readonly SessionPath[]) {}

  prepare(server: string, tools: readonly ToolDefinition[]): PreparedListing {
    const prev = this.last.get(server);
    const next: Remembered = {
      listed: [],
      listedHashes: new Map(),
      hashes: new Map(),
      defs: new Map(),
      pinned: new Map(),
    };
    for (const t of tools) {
      const old = prev?.defs.get(t.name);
      const kept = old !== undefined && sameJson(old, t) ? prev?.pinned.get(t.name) : undefined;
      const pinned = kept ?? withoutSessionPaths(t, this.paths);
      next.listed.push(pinned);
      next.defs.set(t.name, t);
      next.pinned.set(t.name, pinned);
      if (kept === undefined) {
        if (pinned !== t) next.listedHashes.set(t.name, toolHash(t));
        continue;
      }
      const listedHash = prev?.listedHashes.get(t.name);
      if (listedHash !== undefined) next.listedHashes.set(t.name, listedHash);
      const hash = prev?.hashes.get(t.name);
      if (hash !== undefined) next.hashes.set(t.name, hash);
    }
    // Two tools of one name: a hash by name could be the other one's, so nothing is remembered.
    if (next.defs.size !== tools.length) {
      this.last.delete(server);
      return { listed: next.listed, listedHashes: next.listedHashes, hashes: new Map() };
    }
    this.last.set(server, next);
    return next;
  }

  forget(server: string): void {
    this.last.delete(server);
  }
}

/** Equal as JSON, whatever the key order; anything JSON would not keep the same (`undefined`, NaN) is unequal. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== "number" || Number.isFinite(a);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    count++;
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
  }
  for (const k in y) if (Object.hasOwn(y, k)) count--;
  return count === 0;
}
