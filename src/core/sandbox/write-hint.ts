// A sandboxed server that writes where its policy does not allow gets EROFS from the kernel and says so in its
// own words: Node's "EROFS: read-only file system, open '/x'", Python's "[Errno 30] Read-only file system: '/x'",
// Go's "open /x: read-only file system". Those words name neither the sandbox nor the setting that lets the write
// through; this finds the path and says what to change (§18.3). Pure.
import { dirname } from "node:path";
import { stripControlLine } from "../text/strip.js";

const PATH_MAX_CHARS = 300;

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
 * The sentence a confined server's error gets when it was refused a write by the sandbox: the path, and the
 * setting (`where`: `mcpServers.NAME in FILE`) that would allow it. Undefined when `text` names no such write.
 */
export function sandboxWriteHint(text: string, server: string, where: string): string | undefined {
  const path = readOnlyPath(text);
  if (path === undefined) return undefined;
  const dir = dirname(path);
  return (
    `server "${server}" runs in the OS sandbox, which keeps ${dir} read-only: to let it write ${path}, add ` +
    `${JSON.stringify(dir)} to "sandbox": { "filesystem": { "allowWrite": [...] } } of ${where}, or point the ` +
    `server at a folder inside the project`
  );
}
