// $CODEAGENT_HOME holds configs, tokens, approvals and permissions: owner-only whatever the umask, so another
// local user can neither read it nor drop a config into it. mkdir's mode is cut by the umask and an existing
// directory keeps its mode, so the mode is set explicitly.
import { chmodSync, mkdirSync, statSync } from "node:fs";

/** Creates `dir` (and missing parents) 0700, and makes an existing `dir` 0700 if group or others have access. */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch {
    // A home that cannot be made (read-only file system) is reported by whatever then fails to write there.
  }
}
