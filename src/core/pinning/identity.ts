// Which pins belong to a server (§16): its config key plus what it runs or contacts, as written — never what the
// server announces about itself (a server calling itself "github" gets no other server's pins). Two projects'
// servers of one name that run different things keep separate pins; env and headers (tokens rotate) are left
// out, and the file stores only the hash (a URL may hold a literal secret).
import { createHash } from "node:crypto";
import { dirname } from "node:path";
import type { ServerDefinition } from "../config/types.js";
import { canonicalJson } from "../permissions/approvals.js";

export interface ServerIdentity {
  /** The key in the pin file: `NAME` and a short hash of the target. */
  key: string;
  name: string;
}

export function serverIdentity(def: ServerDefinition): ServerIdentity {
  const c = def.config;
  const target: Record<string, unknown> =
    c === undefined
      ? { raw: def.raw }
      : c.transport === "stdio"
        ? {
            command: c.command,
            args: c.args,
            ...(c.cwd !== undefined && { cwd: c.cwd }),
            // Relative paths in a command resolve from where the config lives: another project, another server.
            dir: def.baseDir ?? dirname(def.source),
          }
        : { url: c.url };
  const hash = createHash("sha256").update(canonicalJson(target)).digest("hex").slice(0, 16);
  return { key: `${def.name} ${hash}`, name: def.name };
}
