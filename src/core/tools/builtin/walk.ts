// Walks a directory tree for glob and grep: depth-first in name order, never following symlinked
// directories, skipping dependency and VCS folders, with a cap on entries visited and the abort signal
// checked between directories.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";

export const DEFAULT_SKIP_DIRS = ["node_modules", ".git"];
export const MAX_VISITED = 200_000;

export interface WalkEntry {
  /** Path below the root, `/`-separated. */
  rel: string;
  abs: string;
  kind: "file" | "dir" | "link" | "other";
}

export interface WalkOptions {
  skipDirs?: readonly string[];
  signal?: AbortSignal;
  maxVisited?: number;
  /** Set when the walk stopped at maxVisited. */
  onLimit?: () => void;
}

export async function* walk(root: string, opts: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const skip = new Set(opts.skipDirs ?? DEFAULT_SKIP_DIRS);
  const max = opts.maxVisited ?? MAX_VISITED;
  let visited = 0;
  const stack: { abs: string; rel: string }[] = [{ abs: root, rel: "" }];
  while (stack.length > 0) {
    opts.signal?.throwIfAborted();
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir.abs, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: { abs: string; rel: string }[] = [];
    for (const d of entries) {
      if (++visited > max) {
        opts.onLimit?.();
        return;
      }
      const rel = dir.rel === "" ? d.name : `${dir.rel}/${d.name}`;
      const abs = join(dir.abs, d.name);
      const kind = d.isDirectory() ? "dir" : d.isFile() ? "file" : d.isSymbolicLink() ? "link" : "other";
      yield { rel, abs, kind };
      if (kind === "dir" && !skip.has(d.name)) subdirs.push({ abs, rel });
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}
