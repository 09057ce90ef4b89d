// On-disk cache of a server's lists (§4.3), keyed by a hash of its resolved config, so a new session can
// register a known server's tools before the server has answered. A bad cache file is ignored.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerConfig } from "../config/types.js";
import type { ServerLists } from "./server-state.js";

export function configCacheKey(name: string, config: ServerConfig): string {
  return createHash("sha256").update(JSON.stringify([name, config])).digest("hex").slice(0, 32);
}

export class ToolCache {
  constructor(private readonly dir: string) {}

  read(key: string): ServerLists | undefined {
    try {
      const v = JSON.parse(readFileSync(join(this.dir, `${key}.json`), "utf8")) as Partial<ServerLists>;
      if (!Array.isArray(v.tools)) return undefined;
      return {
        tools: v.tools,
        skippedTools: Array.isArray(v.skippedTools) ? v.skippedTools : [],
        resources: Array.isArray(v.resources) ? v.resources : [],
        templates: Array.isArray(v.templates) ? v.templates : [],
        prompts: Array.isArray(v.prompts) ? v.prompts : [],
        fromCache: true,
      };
    } catch {
      return undefined;
    }
  }

  write(key: string, lists: ServerLists): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      const file = join(this.dir, `${key}.json`);
      const tmp = `${file}.${process.pid}.tmp`;
      const { fromCache: _f, ...data } = lists;
      writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // The cache is an optimisation; failing to write it must not affect the session.
    }
  }
}
