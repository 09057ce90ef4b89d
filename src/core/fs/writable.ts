// Whether codeagent can keep its files in a directory, asked once up front (a read-only or full disk, a
// wrong owner, a path under a file), and an fs error put as a reason a user can act on.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Undefined when `dir` can be created and written; else why not. */
export function writeProblem(dir: string): string | undefined {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, "x", { mode: 0o600 });
    rmSync(probe, { force: true });
    return undefined;
  } catch (e) {
    return writeFailure(e);
  }
}

const MEANING: Record<string, string> = {
  ENOTDIR: "a part of the path is a file, not a directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EEXIST: "a file is in the way of a directory",
};

export function writeFailure(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string") return `${code}: ${MEANING[code] ?? (e as Error).message}`;
  return e instanceof Error ? e.message : String(e);
}
