// A sandboxed server that writes where its policy does not allow gets EROFS from the kernel and says so in its
// own words: Node's "EROFS: read-only file system, open '/x'", Python's "[Errno 30] Read-only file system: '/x'",
// Go's "open /x: read-only file system". Those words name neither the sandbox nor the setting that lets the write
// through; this finds the path and says what to change (§18.3). Pure.
import { dirname } from "node:path";
import { stripControlLine } from "../text/strip.js";
import type { SandboxSetting } from "./policy.js";
import { serverSandboxMode } from "./server-policy.js";

const PATH_MAX_CHARS = 300;

/** What the hint needs of a server's definition (config/types.ts's ServerDefinition has it). */
export interface HintedServer {
  name: string;
  scope: "user" | "project" | "local" | "cli";
  /** The config file the entry is in. */
  source: string;
  config?: { transport: string; sandbox?: SandboxSetting } | undefined;
}

const PATTERNS: readonly RegExp[] = [
  /EROFS: read-only file system, \w+ '([^'\n]+)'/,
  /Read-only file system: '([^'\n]+)'/,
  /\b(?:open|mkdir|create|remove|rename|write|link|symlink|chmod) (\/[^\s:]+): read-only file system/i,
];

/** The path a read-only-file-system error in `text` names, or undefined when `text` has none. */
export function readOnlyPath(text: string): string | undefined {
  for (const pattern of PATTERNS) {
    const path = pattern.exec(text)?.[1];
    if (path !== undefined) return stripControlLine(path).slice(0, PATH_MAX_CHARS);
  }
  return undefined;
}

/**
 * The sentence a server's error gets when the sandbox refused it a write: the path, and the setting of its entry
 * that would allow it. Undefined when the server runs unconfined or `text` names no such write.
 */
export function sandboxWriteHint(text: string, def: HintedServer): string | undefined {
  const c = def.config;
  if (c === undefined || c.transport !== "stdio" || serverSandboxMode(c.sandbox, def.scope) === "off")
    return undefined;
  const path = readOnlyPath(text);
  if (path === undefined) return undefined;
  const server = def.name;
  const where = `mcpServers.${server} in ${def.source}`;
  const dir = dirname(path);
  return (
    `server "${server}" runs in the OS sandbox, which keeps ${dir} read-only: to let it write ${path}, add ` +
    `${JSON.stringify(dir)} to "sandbox": { "filesystem": { "allowWrite": [...] } } of ${where}, or point the ` +
    `server at a folder inside the project`
  );
}
