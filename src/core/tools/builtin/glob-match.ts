// Where a glob walk starts (pure): the directory prefix of a pattern that holds no glob characters. The
// pattern itself is matched by `compileGlob` (glob-compile.ts), segment-wise without backtracking.

function hasGlobChars(s: string): boolean {
  return /[*?[{]/.test(s);
}

/** Splits `src/lib/**\/*.ts` into the directory to walk (`src/lib`) and the pattern below it. */
export function splitStaticPrefix(pattern: string): { base: string; rest: string } {
  const parts = pattern.split("/");
  const fixed: string[] = [];
  while (parts.length > 1 && !hasGlobChars(parts[0] ?? "")) fixed.push(parts.shift() ?? "");
  return { base: fixed.join("/") || (pattern.startsWith("/") ? "/" : ""), rest: parts.join("/") };
}
