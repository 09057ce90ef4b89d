// What a search query asks (§15.1), read before any index: its parts and their weights, the terms each
// says, what its phrases and idioms mean, its leading verb. None of it depends on the tools, so `mcp search`
// reads the query while the servers start, and one reading serves every index it is run against.
import { leadingVerbNoun, expandPhrases, idiomHeads } from "./phrasal.js";
import { PAYLOAD_WEIGHT, PURPOSE_WEIGHT, readQuery } from "./query.js";
import { asksToRead } from "./signals.js";
import { termOf, terms, words } from "./tokenize.js";
import type { AskedQuery } from "./types.js";

export function askedQuery(query: string): AskedQuery {
  const raw = query.trim();
  const q = raw.toLowerCase();
  const selected = selectedNames(q);
  // Terms of the query as typed: lower-cased first, `createFolder` would be one word.
  const { main, purpose, payload } = readQuery(raw);
  const parts = (
    [
      [main, 1],
      [purpose, PURPOSE_WEIGHT],
      [payload, PAYLOAD_WEIGHT],
    ] as const
  ).map(([part, weight]) => ({
    weight,
    terms: terms(part),
    words: words(part),
    phraseTerms: terms(expandPhrases(part).slice(part.length)),
    headTerms: idiomHeads(part.toLowerCase()).flatMap((h) => termOf(h) ?? []),
  }));
  const leading = leadingVerbNoun(main);
  return {
    raw,
    q,
    selected,
    parts,
    verbNoun: leading === null ? null : termOf(leading),
    phraseWords: words(raw),
    reading: asksToRead(raw),
  };
}

/**
 * `select:a,b` (the form Claude Code's tool search takes, which models trained on it send) names the
 * tools wanted outright; undefined for any other query.
 */
export function selectedNames(q: string): string[] | undefined {
  const m = /^select:(.+)$/i.exec(q.trim());
  if (m === null) return undefined;
  const list = m[1]!
    .split(",")
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n.length > 0);
  return list.length > 0 ? list : undefined;
}
