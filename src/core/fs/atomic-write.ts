// The one way codeagent replaces a file it owns (configs, state under $CODEAGENT_HOME, caches, sessions): a
// temp file in the same directory, flushed to disk, then renamed over the target, so a reader or a crash never
// sees half a file. Combine with `withFileLock` for a read-modify-write.
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

export interface AtomicWriteOptions {
  /** Owner-only (0600) whatever the old file's mode was, with a 0700 directory when one is created. */
  secret?: boolean;
  /** Mode of a new file (default 0666, less the umask); an existing file keeps its own mode. */
  mode?: number;
  /**
   * false skips the fsyncs: for a cache that checks what it reads (a crash may leave an empty or partial
   * file, never a half-renamed one), where waiting for the disk would cost more than rebuilding.
   */
  durable?: boolean;
}

/**
 * Writes `content` (text, bytes, or bytes in pieces) to `file` atomically. A symlinked file is written through to its target (the link stays),
 * and the target's mode is kept unless `secret` asks for 0600.
 */
export function writeFileAtomic(
  file: string,
  content: string | Uint8Array | readonly Uint8Array[],
  opts: AtomicWriteOptions = {},
): void {
  const target = realTarget(file);
  let mode: number | undefined;
  try {
    mode = statSync(target).mode & 0o777;
  } catch {
    // Directories codeagent makes are owner-only: most are under $CODEAGENT_HOME (§8, issue 25).
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  }
  if (opts.secret === true) mode = 0o600;
  const tmp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  let fd: number | undefined;
  try {
    fd = openSync(tmp, "wx", mode ?? opts.mode ?? 0o666);
    // Pieces are written one after another: a caller keeping parts of a large file need not join them first.
    const pieces =
      typeof content === "string"
        ? [Buffer.from(content, "utf8")]
        : content instanceof Uint8Array
          ? [content]
          : content;
    for (const data of pieces) {
      let off = 0;
      while (off < data.length) off += writeSync(fd, data, off, data.length - off);
    }
    if (opts.durable !== false) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    // openSync's mode passes through the umask; an existing file's mode (or 0600) is restored exactly.
    if (mode !== undefined) chmodSync(tmp, mode);
    renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  if (opts.durable !== false) syncDirectory(dirname(target));
}

/** The file a write lands in: the symlink's target when `file` is a link to an existing file. */
export function realTarget(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Makes the rename itself durable; not every platform can open a directory, which is fine. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
