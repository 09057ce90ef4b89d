// Walks a directory tree for glob and grep: depth-first in name order, never following symlinked
// directories, skipping dependency and VCS folders, with a cap on entries visited and the abort signal
// checked between directories.
import { readFileSync, type Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import ignore, { type Ignore } from "ignore";

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
  /**
   * Honour `.gitignore` files (nested ones too, each for its own directory). When the walk starts below this
   * directory (the project), the `.gitignore` files between it and the root apply as well.
   */
  gitignoreFrom?: string;
}

interface IgnoreRule {
  /** Directory of the .gitignore, relative to the walk root ("" for the root, "../.." above it). */
  base: string;
  ig: Ignore;
}

function loadIgnore(dir: string, base: string): IgnoreRule | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, ".gitignore"), "utf8");
  } catch {
    return undefined;
  }
  return { base, ig: ignore().add(text) };
}

function ignored(rules: readonly IgnoreRule[], root: string, rel: string, isDir: boolean): boolean {
  for (const r of rules) {
    const p = r.base === "" ? rel : relative(join(root, r.base), join(root, rel)).split("\\").join("/");
    if (p === "" || p.startsWith("..")) continue;
    if (r.ig.ignores(isDir ? `${p}/` : p)) return true;
  }
  return false;
}

/** The .gitignore files of `project` down to (not including) `root`, when root is inside project. */
function ancestorRules(project: string, root: string): IgnoreRule[] {
  const rel = relative(project, root);
  if (rel === "" || rel.startsWith("..")) return [];
  const out: IgnoreRule[] = [];
  let dir = dirname(root);
  const dirs: string[] = [];
  while (relative(project, dir) === "" || !relative(project, dir).startsWith("..")) {
    dirs.push(dir);
    if (dir === project || dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  for (const d of dirs.reverse()) {
    const r = loadIgnore(d, relative(root, d));
    if (r !== undefined) out.push(r);
  }
  return out;
}

export async function* walk(root: string, opts: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const skip = new Set(opts.skipDirs ?? DEFAULT_SKIP_DIRS);
  const max = opts.maxVisited ?? MAX_VISITED;
  let visited = 0;
  const useIgnore = opts.gitignoreFrom !== undefined;
  const baseRules = useIgnore ? ancestorRules(opts.gitignoreFrom!, root) : [];
  const stack: { abs: string; rel: string; rules: IgnoreRule[] }[] = [
    { abs: root, rel: "", rules: baseRules },
  ];
  while (stack.length > 0) {
    opts.signal?.throwIfAborted();
    const dir = stack.pop()!;
    const own = useIgnore ? loadIgnore(dir.abs, dir.rel) : undefined;
    const rules = own === undefined ? dir.rules : [...dir.rules, own];
    let entries: Dirent[];
    try {
      entries = await readdir(dir.abs, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: { abs: string; rel: string; rules: IgnoreRule[] }[] = [];
    for (const d of entries) {
      if (++visited > max) {
        opts.onLimit?.();
        return;
      }
      const rel = dir.rel === "" ? d.name : `${dir.rel}/${d.name}`;
      const abs = join(dir.abs, d.name);
      const kind = d.isDirectory() ? "dir" : d.isFile() ? "file" : d.isSymbolicLink() ? "link" : "other";
      if (useIgnore && ignored(rules, root, rel, kind === "dir")) continue;
      yield { rel, abs, kind };
      if (kind === "dir" && !skip.has(d.name)) subdirs.push({ abs, rel, rules });
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}
