// Where a built-in file tool may go without asking (§8.4): the project directory and the `--add-dir`
// directories, judged on real paths (symlinks resolved), so a link inside the project to ~/.ssh is outside.
// Other tools (multi_edit, notebook_edit) declare their paths through `reachOf` too.
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";

/** The real path of `p`, resolving the nearest existing ancestor when `p` itself does not exist yet. */
export function realPathOf(p: string): string {
  const abs = resolve(p);
  const tail: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      return join(realpathSync(cur), ...tail.reverse());
    } catch {
      const parent = dirname(cur);
      if (parent === cur) return abs;
      tail.push(basename(cur));
      cur = parent;
    }
  }
}

/** Pure: is `target` (a real path) `root` or below it? */
export function isWithin(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

export interface Reach {
  /** The first of `paths` (resolved against cwd) outside every allowed root, as given; undefined when all are inside. */
  outside(paths: readonly string[]): string | undefined;
}

export function reachOf(cwd: string, addDirs: readonly string[] = []): Reach {
  const roots = [cwd, ...addDirs].map((d) => realPathOf(resolve(cwd, d)));
  return {
    outside(paths) {
      for (const p of paths) {
        const real = realPathOf(isAbsolute(p) ? p : resolve(cwd, p));
        if (!roots.some((r) => isWithin(r, real))) return real;
      }
      return undefined;
    },
  };
}
