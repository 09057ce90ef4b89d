// The environment a stdio server is started with (SPEC §8.3): an allowlist of the parent's essentials plus
// the server's configured `env`. Anything else — provider API keys, cloud credentials, NODE_OPTIONS — stays out.
import type { Env } from "../../paths.js";

/** Variables a POSIX server needs to find programs, its home, locale, terminal and temp dir. */
export const POSIX_INHERITED = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TERM",
  "TMPDIR",
  "SHELL",
  "TZ",
] as const;

/** Without these, Windows programs fail in odd ways (no PATHEXT → `npx` not found, no SystemRoot → no sockets). */
export const WINDOWS_INHERITED = [
  "PATH",
  "PATHEXT",
  "SYSTEMROOT",
  "SYSTEMDRIVE",
  "WINDIR",
  "COMSPEC",
  "APPDATA",
  "LOCALAPPDATA",
  "PROGRAMDATA",
  "PROGRAMFILES",
  "PROGRAMFILES(X86)",
  "PROGRAMW6432",
  "COMMONPROGRAMFILES",
  "USERPROFILE",
  "USERNAME",
  "USERDOMAIN",
  "HOMEDRIVE",
  "HOMEPATH",
  "TEMP",
  "TMP",
  "PROCESSOR_ARCHITECTURE",
  "NUMBER_OF_PROCESSORS",
  "OS",
  "LANG",
  "TERM",
  "TZ",
] as const;

/**
 * Builds a stdio server's environment from the allowlisted parent variables plus `configured`, which wins.
 * On Windows names are case-insensitive, so `Path` in the parent is found and a configured `PATH` replaces it.
 */
export function childEnv(
  parent: Env,
  configured: Readonly<Record<string, string>>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const windows = platform === "win32";
  const wanted = new Set<string>(windows ? WINDOWS_INHERITED : POSIX_INHERITED);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || !wanted.has(windows ? name.toUpperCase() : name)) continue;
    // An exported shell function (`() { …`) is code, not configuration (Shellshock-style injection).
    if (value.startsWith("()")) continue;
    out[name] = value;
  }
  for (const [name, value] of Object.entries(configured)) {
    if (windows) {
      for (const existing of Object.keys(out)) {
        if (existing.toUpperCase() === name.toUpperCase()) delete out[existing];
      }
    }
    out[name] = value;
  }
  return out;
}
