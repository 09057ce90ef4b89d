// Roots (§9): the directories the session works in — the project directory and any `--add-dir` ones — as
// `file://` URIs. A 2025-era server asks with `roots/list`; a 2026-07-28 server asks inside an
// `input_required` result, which the SDK answers through the same handler.
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Client, ClientCapabilities, Root } from "@modelcontextprotocol/client";

/** The list never changes during a session, so no `listChanged`. */
export const ROOTS_CAPABILITIES: ClientCapabilities = { roots: {} };

/** Each directory once, in order, as a root named after its last path segment. */
export function rootsOf(dirs: readonly string[]): Root[] {
  const seen = new Set<string>();
  const out: Root[] = [];
  for (const d of dirs) {
    const abs = resolve(d);
    if (seen.has(abs)) continue;
    seen.add(abs);
    out.push({ uri: pathToFileURL(abs).href, name: basename(abs) || abs });
  }
  return out;
}

export function installRootsHandler(client: Client, dirs: readonly string[]): void {
  const roots = rootsOf(dirs);
  client.setRequestHandler("roots/list", () => ({ roots }));
}
