// Path patterns of Read/Edit rules, gitignore-style as in Claude Code: `//abs/path` is absolute, `~/p` is under
// the home, `/p` and `p/q` are under the project directory, and a pattern without a slash (`.env`, `*.pem`)
// matches that name at any depth of the project. `*` matches within one path segment, `**` any number of
// segments, `?` one character. Pure, linear in the segments matched: no regex built from the pattern.
import { isAbsolute, join, normalize, sep } from "node:path";

export interface PathBase {
  projectDir: string;
  home: string;
}

/** The absolute pattern a rule's path pattern stands for. */
export function anchorPattern(pattern: string, base: PathBase): string {
  let p = pattern.endsWith("/") ? `${pattern}**` : pattern;
  if (p.startsWith("//")) p = p.slice(1);
  else if (p === "~" || p.startsWith("~/")) p = join(base.home, p.slice(1));
  else if (p.startsWith("/")) p = join(base.projectDir, p);
  else if (!p.includes("/")) p = join(base.projectDir, "**", p);
  else p = join(base.projectDir, p);
  return normalize(p);
}

/** True when the absolute `path` is covered by the rule's pattern (a directory pattern covers what is in it). */
export function pathMatches(pattern: string, path: string, base: PathBase): boolean {
  if (!isAbsolute(path)) return false;
  const pat = anchorPattern(pattern, base)
    .split(sep)
    .filter((s) => s !== "");
  const segs = normalize(path)
    .split(sep)
    .filter((s) => s !== "");
  return matchSegments(pat, segs);
}

/** Segment match with `**`: the classic two-pointer walk with one backtrack point, linear in practice. */
function matchSegments(pat: string[], segs: string[]): boolean {
  let p = 0;
  let s = 0;
  let star = -1;
  let mark = 0;
  while (s < segs.length) {
    if (p < pat.length && pat[p] === "**") {
      star = p++;
      mark = s;
    } else if (p < pat.length && segmentMatch(pat[p]!, segs[s]!)) {
      p++;
      s++;
    } else if (star !== -1) {
      p = star + 1;
      s = ++mark;
    } else {
      return false;
    }
  }
  while (p < pat.length && pat[p] === "**") p++;
  return p === pat.length;
}

/** One segment: `*` any run of characters, `?` one character, the rest literal. */
export function segmentMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] === "*") {
      star = g++;
      mark = t;
    } else if (g < glob.length && (glob[g] === "?" || glob[g] === text[t])) {
      g++;
      t++;
    } else if (star !== -1) {
      g = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === "*") g++;
  return g === glob.length;
}
