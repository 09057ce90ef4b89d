// Which directories one server is offered as roots (§9). Servers such as server-filesystem and server-pdf
// *replace* the directories of their command line with the client's roots, so offering only the project would
// take away the folders the user configured (`server-filesystem ~/docs` run from a project could read only the
// project). By default a stdio server is offered the session's directories *and* every existing directory its
// arguments name; `"roots": false` offers none (the server keeps exactly its arguments); `"roots": [dirs]`
// offers exactly those.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { ServerConfig } from "../../config/types.js";

/** The directories to offer, or `false` to declare no roots capability at all. Pure but for `isDirectory`. */
export function serverRootDirs(
  config: ServerConfig,
  sessionDirs: readonly string[],
  /** Where the server's relative arguments resolve: its `cwd`, else the directory it was started in. */
  spawnDir: string,
  isDirectory: (path: string) => boolean,
  home: string = homedir(),
): string[] | false {
  if (config.roots === false) return false;
  if (config.roots !== undefined) return [...config.roots];
  if (config.transport !== "stdio") return [...sessionDirs];
  const named = config.args
    .map((a) => argPath(a))
    .filter((p): p is string => p !== undefined)
    .map((p) => (p === "~" || p.startsWith("~/") ? join(home, p.slice(1)) : resolve(spawnDir, p)))
    .filter((p) => isDirectory(p));
  return [...sessionDirs, ...named];
}

/** The path an argument may name: itself, or the value of `--flag=value`; nothing for a bare flag or a URL. */
function argPath(arg: string): string | undefined {
  const value =
    /^--?[A-Za-z0-9][A-Za-z0-9_.-]*=(.+)$/s.exec(arg)?.[1] ?? (arg.startsWith("-") ? undefined : arg);
  if (value === undefined || value.trim() === "" || value.includes("\n")) return undefined;
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(value) ? undefined : value;
}
