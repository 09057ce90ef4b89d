// A small glob → RegExp translation (pure), for glob and grep's file filter. Supports `**` (any number of
// directories), `*`, `?`, `[…]` / `[!…]` and `{a,b}`; `/` is the only separator; dotfiles match like others.
// (Node 20's path.matchesGlob prints an ExperimentalWarning, so it is not used.)

export function globToRegExp(glob: string): RegExp {
  const balanced = bracesBalanced(glob);
  let re = "";
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === "*") {
      let j = i;
      while (glob.charAt(j) === "*") j++;
      const wholeSegment =
        j - i >= 2 &&
        (i === 0 || glob.charAt(i - 1) === "/") &&
        (j === glob.length || glob.charAt(j) === "/");
      if (wholeSegment && glob.charAt(j) === "/") {
        re += "(?:[^/]*/)*";
        i = j;
      } else {
        re += wholeSegment ? ".*" : "[^/]*";
        i = j - 1;
      }
    } else if (c === "?") {
      re += "[^/]";
    } else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close === -1) {
        re += "\\[";
        continue;
      }
      let body = glob.slice(i + 1, close);
      const negate = body.startsWith("!") || body.startsWith("^");
      if (negate) body = body.slice(1);
      re += `[${negate ? "^/" : ""}${body.replace(/\\/g, "\\\\").replace(/\]/g, "\\]")}]`;
      i = close;
    } else if (c === "{" && balanced) {
      depth++;
      re += "(?:";
    } else if (c === "}" && balanced && depth > 0) {
      depth--;
      re += ")";
    } else if (c === "," && depth > 0) {
      re += "|";
    } else if (c === "\\" && i + 1 < glob.length) {
      re += escapeRe(glob.charAt(++i));
    } else {
      re += escapeRe(c);
    }
  }
  return new RegExp(`^${re}$`);
}

export function hasGlobChars(s: string): boolean {
  return /[*?[{]/.test(s);
}

/** Splits `src/lib/**\/*.ts` into the directory to walk (`src/lib`) and the pattern below it. */
export function splitStaticPrefix(pattern: string): { base: string; rest: string } {
  const parts = pattern.split("/");
  const fixed: string[] = [];
  while (parts.length > 1 && !hasGlobChars(parts[0] ?? "")) fixed.push(parts.shift() ?? "");
  return { base: fixed.join("/") || (pattern.startsWith("/") ? "/" : ""), rest: parts.join("/") };
}

function escapeRe(c: string): string {
  return /[.+^$()|\\/{}[\]*?]/.test(c) ? `\\${c}` : c;
}

function bracesBalanced(s: string): boolean {
  let d = 0;
  for (const c of s) {
    if (c === "{") d++;
    else if (c === "}" && --d < 0) return false;
  }
  return d === 0;
}
