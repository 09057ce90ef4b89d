// Glob matching that model-supplied patterns cannot freeze (§8.4): braces are expanded (capped), each
// alternative is split into `/` segments, and a memoised walk over (pattern segment, path segment) pairs handles
// `**` — O(pattern segments × path segments) segment tests, however many `**/` a pattern repeats. A segment
// (`*`, `?`, `[…]`, literals) is matched by the classic one-star-backtrack wildcard walk: O(pattern × name).

export interface GlobMatcher {
  test(path: string): boolean;
}

const MAX_ALTERNATIVES = 256;

export function compileGlob(glob: string): GlobMatcher {
  const alternatives = expandBraces(glob).map(compileAlternative);
  return { test: (path) => alternatives.some((m) => m(path)) };
}

type Token =
  | { kind: "star" }
  | { kind: "one" }
  | { kind: "class"; test: (c: string) => boolean }
  | { kind: "lit"; c: string };
type Segment = { globstar: true } | { globstar: false; tokens: Token[] };

function compileAlternative(glob: string): (path: string) => boolean {
  const segs: Segment[] = [];
  for (const part of glob.split("/")) {
    if (part === "**") {
      // `**/**/…` means the same as one `**`.
      if (segs.at(-1)?.globstar !== true) segs.push({ globstar: true });
    } else segs.push({ globstar: false, tokens: tokenize(part) });
  }
  return (path) => {
    const parts = path.split("/");
    const memo = new Map<number, boolean>();
    const match = (i: number, j: number): boolean => {
      const key = i * (parts.length + 1) + j;
      const known = memo.get(key);
      if (known !== undefined) return known;
      let r: boolean;
      const seg = segs[i];
      if (seg === undefined) r = j === parts.length;
      else if (seg.globstar) r = match(i + 1, j) || (j < parts.length && match(i, j + 1));
      else r = j < parts.length && matchSegment(seg.tokens, parts[j] ?? "") && match(i + 1, j + 1);
      memo.set(key, r);
      return r;
    };
    return match(0, 0);
  };
}

/** `a/{b,c}/{d,e}` → four patterns; unbalanced braces stay literal; past the cap the rest are dropped. */
export function expandBraces(glob: string): string[] {
  const open = findBrace(glob);
  if (open === undefined) return [glob];
  const { start, end, options } = open;
  const out: string[] = [];
  for (const o of options) {
    for (const rest of expandBraces(glob.slice(0, start) + o + glob.slice(end + 1))) {
      out.push(rest);
      if (out.length >= MAX_ALTERNATIVES) return out;
    }
  }
  return out;
}

function findBrace(s: string): { start: number; end: number; options: string[] } | undefined {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\") {
      i++;
      continue;
    }
    if (s[i] !== "{") continue;
    let depth = 0;
    const cuts: number[] = [];
    for (let j = i; j < s.length; j++) {
      const c = s[j];
      if (c === "\\") j++;
      else if (c === "{") depth++;
      else if (c === "," && depth === 1) cuts.push(j);
      else if (c === "}" && --depth === 0) {
        if (cuts.length === 0) break;
        const bounds = [i, ...cuts, j];
        const options = bounds.slice(0, -1).map((b, k) => s.slice(b + 1, bounds[k + 1]));
        return { start: i, end: j, options };
      }
    }
  }
  return undefined;
}

function tokenize(seg: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < seg.length; i++) {
    const c = seg.charAt(i);
    if (c === "*") {
      if (out.at(-1)?.kind !== "star") out.push({ kind: "star" });
    } else if (c === "?") out.push({ kind: "one" });
    else if (c === "\\" && i + 1 < seg.length) out.push({ kind: "lit", c: seg.charAt(++i) });
    else if (c === "[" && seg.indexOf("]", i + 2) !== -1) {
      const close = seg.indexOf("]", i + 2);
      let body = seg.slice(i + 1, close);
      const negate = body.startsWith("!") || body.startsWith("^");
      if (negate) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let k = 0; k < body.length; k++) {
        const a = body.charAt(k);
        if (body.charAt(k + 1) === "-" && k + 2 < body.length) {
          ranges.push([a, body.charAt(k + 2)]);
          k += 2;
        } else ranges.push([a, a]);
      }
      const inSet = (ch: string) => ranges.some(([lo, hi]) => ch >= lo && ch <= hi);
      out.push({ kind: "class", test: (ch) => inSet(ch) !== negate });
      i = close;
    } else out.push({ kind: "lit", c });
  }
  return out;
}

function tokenMatches(t: Token, ch: string): boolean {
  return t.kind === "one" || (t.kind === "lit" ? t.c === ch : t.kind === "class" && t.test(ch));
}

/** Wildcard match of one path segment; on a mismatch only the last `*` is retried, so no blow-up. */
function matchSegment(tokens: readonly Token[], name: string): boolean {
  let t = 0;
  let n = 0;
  let starT = -1;
  let starN = 0;
  while (n < name.length) {
    const tok = tokens[t];
    if (tok !== undefined && tok.kind !== "star" && tokenMatches(tok, name.charAt(n))) {
      t++;
      n++;
    } else if (tok?.kind === "star") {
      starT = t++;
      starN = n;
    } else if (starT !== -1) {
      t = starT + 1;
      n = ++starN;
    } else return false;
  }
  while (tokens[t]?.kind === "star") t++;
  return t === tokens.length;
}
