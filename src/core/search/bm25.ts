// BM25F postings: for every term, the documents holding it with their field-weighted, length-normalised
// term frequency, computed once at build time so a query is a few array walks. Built in two steps: a piece
// holds the raw counts of a run of documents (one server's tools), which need nothing from the others;
// finishing turns pieces into postings with the collection's statistics (document count, document frequency,
// average field lengths). So a piece can be built as soon as its server answers, saved, and reused while
// other servers' tools change.
import { FIELDS, FIELD_SPEC, type Field, type FieldTerms } from "./fields.js";

export const BM25_K1 = 1.2;
const F = FIELDS.length;

export interface Postings {
  /** Doc positions, ascending. */
  docs: Uint32Array;
  /** Saturated BM25F term weight per doc (tf̃ / (k1 + tf̃)), times idf. */
  scores: Float64Array;
}

/** The postings of a collection, made per term on first use (`finishBm25`). */
export interface Bm25 {
  /** The docs holding `term`, with their scores; undefined when none does. */
  get(term: string): Postings | undefined;
  has(term: string): boolean;
  /** Terms some doc holds that start with `prefix` (longer than it), at most `max`, in code-unit order. */
  withPrefix(prefix: string, max: number): string[];
  /** The docs whose `field` holds `term`, ascending. */
  inField(term: string, field: Field): number[];
}

/**
 * The raw counts of `docs` documents: per doc the length of each field, per term the docs holding it with
 * how often in each field. Term-major: term `t`'s entries are `termStart[t]` to `termStart[t + 1]`.
 */
export interface Bm25Piece {
  docs: number;
  /**
   * The piece's own vocabulary, in code-unit order (so a term is found by bisection); ids below index it.
   * Every term has at least one entry.
   */
  terms: string[];
  /** docs × FIELDS.length: terms in each field of each doc. */
  lengths: Uint32Array;
  /** terms.length + 1 offsets into the entries. */
  termStart: Uint32Array;
  /** Per entry, the doc (ascending within a term). */
  entryDoc: Uint32Array;
  /** Per entry × FIELDS.length, the occurrences in each field (at most 65 535 counted). */
  entryCounts: Uint16Array;
}

/** The piece of `docs`, whose ids index `terms`. */
export function bm25Piece(docs: readonly FieldTerms[], terms: readonly string[]): Bm25Piece {
  const n = docs.length;
  const lengths = new Uint32Array(n * F);
  let tokens = 0;
  for (let i = 0; i < n; i++) {
    const d = docs[i]!;
    for (let f = 0; f < F; f++) {
      const len = d[FIELDS[f]!].length;
      lengths[i * F + f] = len;
      tokens += len;
    }
  }
  // Doc-major first (one scratch slot per term), then a counting sort into term-major order.
  const slot = new Int32Array(terms.length).fill(-1);
  const touched: number[] = [];
  const dTerm = new Uint32Array(tokens);
  const dDoc = new Uint32Array(tokens);
  const dCounts = new Uint16Array(tokens * F);
  const df = new Uint32Array(terms.length);
  let e = 0;
  for (let i = 0; i < n; i++) {
    const d = docs[i]!;
    for (let f = 0; f < F; f++) {
      const ids = d[FIELDS[f]!];
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!;
        let s = slot[id]!;
        if (s < 0) {
          s = e++;
          slot[id] = s;
          touched.push(id);
          dTerm[s] = id;
          dDoc[s] = i;
        }
        const c = s * F + f;
        if (dCounts[c]! < 0xffff) dCounts[c] = dCounts[c]! + 1;
      }
    }
    for (const id of touched) {
      slot[id] = -1;
      df[id] = df[id]! + 1;
    }
    touched.length = 0;
  }
  // Terms no doc holds (the table saw them in text that was then dropped) are left out; the others sorted.
  const held: number[] = [];
  for (let t = 0; t < terms.length; t++) if (df[t]! > 0) held.push(t);
  // The built-in sort of strings is code-unit order (`cmp`'s), without a call per comparison.
  const kept = held.map((t) => terms[t]!).sort();
  const rank = new Map(kept.map((t, r) => [t, r]));
  const keep = new Int32Array(terms.length).fill(-1);
  for (const t of held) keep[t] = rank.get(terms[t]!)!;
  const termStart = new Uint32Array(kept.length + 1);
  for (let t = 0; t < terms.length; t++) if (keep[t]! >= 0) termStart[keep[t]! + 1] = df[t]!;
  for (let t = 0; t < kept.length; t++) termStart[t + 1] = termStart[t + 1]! + termStart[t]!;
  const fill = termStart.slice(0, kept.length);
  const entryDoc = new Uint32Array(e);
  const entryCounts = new Uint16Array(e * F);
  for (let s = 0; s < e; s++) {
    const t = keep[dTerm[s]!]!;
    const at = fill[t]!;
    fill[t] = at + 1;
    entryDoc[at] = dDoc[s]!;
    // A loop, not `set(subarray(…))`: a view object per entry (a quarter of a million at 5 000 tools) cost
    // more than the copy.
    for (let f = 0, from = s * F, to = at * F; f < F; f++) entryCounts[to + f] = dCounts[from + f]!;
  }
  return { docs: n, terms: kept, lengths, termStart, entryDoc, entryCounts };
}

/**
 * The postings of the pieces' documents, numbered in order: piece 0's docs first. A term's postings are
 * made when first asked for: a query asks for a few dozen terms, and making every term's up front cost more
 * than the search itself (40 ms at 5 000 tools). The same pieces give the same postings either way.
 */
export function finishBm25(parts: readonly { piece: Bm25Piece }[]): Bm25 {
  // Global doc numbers, and the collection's statistics.
  const docIds: Int32Array[] = [];
  const sum = new Float64Array(F);
  let n = 0;
  for (const { piece } of parts) {
    const ids = new Int32Array(piece.docs).fill(-1);
    for (let i = 0; i < piece.docs; i++) {
      ids[i] = n++;
      for (let f = 0; f < F; f++) sum[f] = sum[f]! + piece.lengths[i * F + f]!;
    }
    docIds.push(ids);
  }
  const weight = FIELDS.map((f) => FIELD_SPEC[f].weight);
  const b = FIELDS.map((f) => FIELD_SPEC[f].b);
  const avg = FIELDS.map((_, f) => sum[f]! / Math.max(1, n) || 1);

  /** Per piece, the term's id there or -1. */
  const find = (t: string) => parts.map(({ piece }) => termIndex(piece.terms, t));
  const make = (t: string): Postings | undefined => {
    const found = find(t);
    let total = 0;
    found.forEach((term, p) => {
      if (term >= 0) total += parts[p]!.piece.termStart[term + 1]! - parts[p]!.piece.termStart[term]!;
    });
    if (total === 0) return undefined;
    const docs = new Uint32Array(total);
    const scores = new Float64Array(total);
    let at = 0;
    // Piece order keeps docs ascending.
    found.forEach((term, p) => {
      if (term < 0) return;
      const { entryDoc, entryCounts, termStart, lengths } = parts[p]!.piece;
      const ids = docIds[p]!;
      for (let x = termStart[term]!, end = termStart[term + 1]!; x < end; x++) {
        const i = entryDoc[x]!;
        const doc = ids[i]!;
        if (doc < 0) continue;
        // Added once per occurrence, field by field, as the occurrences come: the same sum in every build.
        // An occurrence weighs its field's weight, normalised by the field's length in this doc.
        let tf = 0;
        for (let f = 0; f < F; f++) {
          const c = entryCounts[x * F + f]!;
          if (c === 0) continue;
          const v = weight[f]! / (1 - b[f]! + (b[f]! * lengths[i * F + f]!) / avg[f]!);
          for (let k = c; k > 0; k--) tf += v;
        }
        docs[at] = doc;
        scores[at] = tf;
        at++;
      }
    });
    if (at === 0) return undefined;
    const idf = Math.log(1 + (n - at + 0.5) / (at + 0.5));
    for (let k = 0; k < at; k++) scores[k] = (idf * scores[k]!) / (BM25_K1 + scores[k]!);
    return { docs: docs.subarray(0, at), scores: scores.subarray(0, at) };
  };
  const made = new Map<string, Postings | null>();
  const get = (t: string): Postings | undefined => {
    let p = made.get(t);
    if (p === undefined) {
      p = make(t) ?? null;
      made.set(t, p);
    }
    return p ?? undefined;
  };

  return {
    get,
    has: (t) => get(t) !== undefined,
    withPrefix(prefix, max) {
      // Each piece's first `max` (its terms are sorted): the collection's first `max` are among them.
      const out = new Set<string>();
      parts.forEach(({ piece }) => {
        let taken = 0;
        for (let i = lowerBound(piece.terms, prefix); i < piece.terms.length && taken < max; i++) {
          const v = piece.terms[i]!;
          if (!v.startsWith(prefix)) break;
          if (v !== prefix) {
            out.add(v);
            taken++;
          }
        }
      });
      return [...out].sort(cmp).slice(0, max);
    },
    inField(t, field) {
      const fi = FIELDS.indexOf(field);
      const out: number[] = [];
      find(t).forEach((term, p) => {
        if (term < 0) return;
        const { entryDoc, entryCounts, termStart } = parts[p]!.piece;
        const ids = docIds[p]!;
        for (let x = termStart[term]!, end = termStart[term + 1]!; x < end; x++) {
          const doc = ids[entryDoc[x]!]!;
          if (doc >= 0 && entryCounts[x * F + fi]! > 0) out.push(doc);
        }
      });
      return out;
    },
  };
}

/** The first position in sorted `list` whose term is not below `term`. */
function lowerBound(list: readonly string[], term: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `term` is in sorted `list`, or -1. */
function termIndex(list: readonly string[], term: string): number {
  const i = lowerBound(list, term);
  return list[i] === term ? i : -1;
}

/** Code-unit order: the same in every locale. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
