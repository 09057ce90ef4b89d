// Interned index terms for one index build. The same few thousand words recur across thousands of tools:
// each distinct word is sliced, stemmed and looked up once; after that a word is found by the hash the
// splitting scan computes and a compare of its characters in place, without allocating a string. Whole
// texts recur too (parameter names and their descriptions across a server's tools, a server configured
// twice; a quarter of the captured catalogues' text): each distinct text is split once.
import { lowerCode, scanWords, unicodeWords } from "./split.js";
import { termOf } from "./tokenize.js";

export interface TermTable {
  /** Term by id. */
  readonly terms: readonly string[];
  /** The term ids of a text, in order (`terms(text)`, as ids). Shared by every call with that text: read only. */
  ids(text: string): readonly number[];
  /** How many distinct texts it has split. */
  readonly texts: number;
}

/** Distinct texts a shared table keeps before it starts over (a long session's servers change). */
const SHARED_MAX_TEXTS = 100_000;

/**
 * One table for every piece built in a command or session: a server configured twice, parameters that recur
 * across servers and a server's tools listed again after a change are split once. Bounded: past
 * `SHARED_MAX_TEXTS` texts it starts a fresh table.
 */
export function sharedTermTable(): () => TermTable {
  let table = termTable();
  return () => {
    if (table.texts > SHARED_MAX_TEXTS) table = termTable();
    return table;
  };
}

export function termTable(): TermTable {
  const list: string[] = [];
  const byTerm = new Map<string, number>();
  // Words seen: word text, its hash, its term id (-1: dropped), next word in the same slot. Slots are the
  // hash's low bits, a typed array of first word + 1 (0: empty), doubled while more than half full: a Map
  // from hash to word was a fifth of indexing 4 500 real tools.
  let mask = 4095;
  let slots = new Int32Array(mask + 1);
  const seenWord: string[] = [];
  const seenHash: number[] = [];
  const seenId: number[] = [];
  const seenNext: number[] = [];
  const link = (k: number): void => {
    const slot = seenHash[k]! & mask;
    seenNext[k] = slots[slot]! - 1;
    slots[slot] = k + 1;
  };

  const termId = (w: string): number => {
    const t = termOf(w);
    if (t === null) return -1;
    let id = byTerm.get(t);
    if (id === undefined) {
      id = list.push(t) - 1;
      byTerm.set(t, id);
    }
    return id;
  };
  const lookUp = (text: string, s: number, e: number, h: number): number => {
    for (let k = slots[h & mask]! - 1; k >= 0; k = seenNext[k]!) {
      if (seenHash[k] === h && same(seenWord[k]!, text, s, e)) return seenId[k]!;
    }
    const w = text.slice(s, e).toLowerCase();
    const id = termId(w);
    const k = seenWord.push(w) - 1;
    seenHash.push(h);
    seenId.push(id);
    if (k < mask >> 1) link(k);
    else {
      mask = mask * 2 + 1;
      slots = new Int32Array(mask + 1);
      for (let j = 0; j <= k; j++) link(j);
    }
    return id;
  };

  const split = (text: string): number[] => {
    const out: number[] = [];
    const ascii = scanWords(text, (s, e, h) => {
      const id = lookUp(text, s, e, h);
      if (id >= 0) out.push(id);
    });
    if (ascii) return out;
    out.length = 0;
    for (const w of unicodeWords(text)) {
      const id = termId(w);
      if (id >= 0) out.push(id);
    }
    return out;
  };
  const byText = new Map<string, readonly number[]>();

  return {
    terms: list,
    get texts() {
      return byText.size;
    },
    ids(text) {
      let ids = byText.get(text);
      if (ids === undefined) {
        ids = split(text);
        byText.set(text, ids);
      }
      return ids;
    },
  };
}

/** `word` (lower-case) equals text[s, e) lower-cased. */
function same(word: string, text: string, s: number, e: number): boolean {
  if (word.length !== e - s) return false;
  for (let j = 0; j < word.length; j++)
    if (word.charCodeAt(j) !== lowerCode(text.charCodeAt(s + j))) return false;
  return true;
}
