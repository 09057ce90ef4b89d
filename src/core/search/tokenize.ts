// Text → index terms for tool search (§15.1): identifiers split into words (snake, kebab, camelCase,
// digits), lower-cased, stop words dropped, each word lightly stemmed so "issues", "issue" and "issued"
// meet. The same function runs over tool text and over queries, so both sides always agree.
import { scanWords, unicodeWords } from "./split.js";
import { stem } from "./stem.js";

// Words that carry no meaning about which tool fits. Kept short on purpose: "get", "list", "all", "new"
// and "not" are NOT here, because tool names are built from them.
const STOP = new Set(
  (
    "a an and are as at be been by can could do does for from has have how i if in into is it its me my " +
    "of on or our please should so some than that the their them then there these this those to too us " +
    "was we were what when where which while who whose why will with would you your up out via using use " +
    "want wanted need needs let lets also just whether about any every each e g eg ie etc " +
    "now right currently thing things stuff something anything know like really actually maybe sure"
  ).split(" "),
);

/** Words of a text: `listMergeRequests`, `list_merge_requests` and `list-merge-requests` give the same. */
export function words(text: string): string[] {
  const out: string[] = [];
  const ascii = scanWords(text, (s, e) => out.push(text.slice(s, e).toLowerCase()));
  return ascii ? out : unicodeWords(text);
}

/** Index terms of a text: words minus stop words, stemmed. Single letters are dropped (noise). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    const t = termOf(w);
    if (t !== null) out.push(t);
  }
  return out;
}

/** The index term of one lower-cased word, null for a word that is dropped. */
export function termOf(w: string): string | null {
  if (w.length < 2 && !(w >= "0" && w <= "9")) return null;
  if (STOP.has(w)) return null;
  return stem(w);
}

/** The stop words, in a fixed order: part of the persisted index's key (index-cache.ts). */
export const STOP_WORDS: readonly string[] = [...STOP];

export function isStopWord(word: string): boolean {
  return STOP.has(word.toLowerCase());
}
