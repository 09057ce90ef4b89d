// Two query words written apart that tool text writes as one ("to do" → `todo`, "sign in" → `signin`, "web
// hook" → `webhook`, "data base" → `database`): the joined word is added when the index holds it. Which
// compounds exist comes from the indexed tools, not from a list.
import { termOf } from "./tokenize.js";
import { stem } from "./stem.js";

/** Index terms of adjacent word pairs of `words` (lower-cased, stop words kept) that `known` holds. */
export function compounds(words: readonly string[], known: (term: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    if (a.length < 2 || b.length < 2 || /\d/.test(a + b)) continue;
    const t = termOf(a + b) ?? stem(a + b);
    if (known(t) && !out.includes(t)) out.push(t);
  }
  return out;
}
