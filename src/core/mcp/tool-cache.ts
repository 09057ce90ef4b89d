// On-disk cache of a server's lists (§4.3), keyed by a hash of its resolved config, so a new session can
// register a known server's tools before the server has answered. A bad cache file is ignored.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PriorDiscovery } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/types.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { ServerLists } from "./server-state.js";

export function configCacheKey(name: string, config: ServerConfig): string {
  return createHash("sha256")
    .update(JSON.stringify([name, config]))
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

  read(key: string): ServerLists | undefined {
    try {
      const text = readFileSync(join(this.dir, `${key}.json`), "utf8");
      const v = JSON.parse(text) as Partial<ServerLists>;
      if (!Array.isArray(v.tools)) return undefined;
      this.onDisk.set(key, text);
      return {
        tools: v.tools,
        skippedTools: Array.isArray(v.skippedTools) ? v.skippedTools : [],
        resources: Array.isArray(v.resources) ? v.resources : [],
        templates: Array.isArray(v.templates) ? v.templates : [],
        prompts: Array.isArray(v.prompts) ? v.prompts : [],
        notes: [],
        fromCache: true,
        ...(validVerdict(v.verdict) && { verdict: v.verdict }),
      };
    } catch {
      return undefined;
    }
  }

  write(key: string, lists: ServerLists): void {
    try {
      // Notes describe this session's listing, not the server: they are not kept.
      const { fromCache: _f, notes: _n, ...data } = lists;
      const text = JSON.stringify(data);
      const before = this.onDisk.get(key);
      this.onDisk.delete(key);
      if (before === text) return;
      // A whole-file replacement (no read-modify-write), so no lock: the last writer's lists win.
      writeFileAtomic(join(this.dir, `${key}.json`), text, { secret: true });
    } catch {
      // The cache is an optimisation; failing to write it must not affect the session.
    }
  }
}

/** A verdict as `connect({ prior })` takes it; anything else in the file is ignored (the era is probed). */
function validVerdict(v: unknown): v is PriorDiscovery {
  if (typeof v !== "object" || v === null) return false;
  const kind = (v as { kind?: unknown }).kind;
  if (kind === "legacy") return true;
  const discover = (v as { discover?: unknown }).discover;
  return kind === "modern" && typeof discover === "object" && discover !== null;
}
