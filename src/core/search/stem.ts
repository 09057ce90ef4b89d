// A light English suffix stripper for tool search. Not Porter: it only has to make the forms people and
// tool authors use for one idea meet ("creates", "created", "creating", "create" → "creat"), and it runs
// on both sides of the index, so an odd stem is harmless as long as it is the same stem.

const VOWEL = /[aeiouy]/;

export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(ch|sh|x|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length > 4 && VOWEL.test(w.slice(0, -2)) && !w.endsWith("eed"))
    w = undouble(w.slice(0, -2));
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** "mapp" → "map", "runn" → "run", but "pass", "fill", "add" stay (s, l and d doubles are real). */
function undouble(w: string): string {
  const n = w.length;
  if (n >= 3 && w[n - 1] === w[n - 2] && !/[slzd]/.test(w[n - 1]!)) return w.slice(0, -1);
  return w;
}
