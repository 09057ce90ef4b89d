// BM25F postings: for every term, the documents holding it with their field-weighted, length-normalised
// term frequency, computed once at build time so a query is a few array walks. Built in two steps: a piece
// holds the raw counts of a run of documents (one server's tools), which need nothing from the others;
// finishing turns pieces into postings with the collection's statistics (document count, document frequency,
// average field lengths). So a piece can be built as soon as its server answers, saved, and reused while
// other servers' tools change.
import { FIELDS, FIELD_SPEC, type FieldTerms } from "./fields.js";

export const BM25_K1 = 1.2;
const F = FIELDS.length;

export interface Postings {
  /** Doc positions, ascending. */
  docs: Uint32Array;
  /** Saturated BM25F term weight per doc (tf̃ / (k1 + tf̃)), times idf. */
  scores: Float64Array;
}

export interface Bm25 {
  postings: Map<string, Postings>;
  /** Every term, sorted, for prefix look-ups. */
  vocabulary: string[];
}

/**
 * The raw counts of `docs` documents: per doc the length of each field, per term the docs holding it with
 * how often in each field. Term-major: term `t`'s entries are `termStart[t]` to `termStart[t + 1]`.
 */
export interface Bm25Piece {
  docs: number;
  /** The piece's own vocabulary; ids below index it. Every term has at least one entry. */
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
  // Terms no doc holds (the table saw them in text that was then dropped) are left out.
  const keep = new Int32Array(terms.length).fill(-1);
  const kept: string[] = [];
  for (let t = 0; t < terms.length; t++) if (df[t]! > 0) keep[t] = kept.push(terms[t]!) - 1;
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
    entryCounts.set(dCounts.subarray(s * F, s * F + F), at * F);
  }
  return { docs: n, terms: kept, lengths, termStart, entryDoc, entryCounts };
}

/**
 * The postings of the pieces' documents, numbered in order: piece 0's docs first. `keep`, when given for a
 * piece, says which of its docs are in (the others are left out, as if never added).
 */
export function finishBm25(parts: readonly { piece: Bm25Piece; keep?: Uint8Array }[]): Bm25 {
  // Global doc numbers, and the collection's statistics over the docs kept.
  const docIds: Int32Array[] = [];
  const sum = new Float64Array(F);
  let n = 0;
  for (const { piece, keep } of parts) {
    const ids = new Int32Array(piece.docs).fill(-1);
    for (let i = 0; i < piece.docs; i++) {
      if (keep !== undefined && keep[i] !== 1) continue;
      ids[i] = n++;
      for (let f = 0; f < F; f++) sum[f] = sum[f]! + piece.lengths[i * F + f]!;
    }
    docIds.push(ids);
  }
  const weight = FIELDS.map((f) => FIELD_SPEC[f].weight);
  const b = FIELDS.map((f) => FIELD_SPEC[f].b);
  const avg = FIELDS.map((_, f) => sum[f]! / Math.max(1, n) || 1);
  // Per piece and doc, the weight of one occurrence in each field (length-normalised).
  const unit = parts.map(({ piece }) => {
    const u = new Float64Array(piece.docs * F);
    for (let i = 0; i < piece.docs; i++)
      for (let f = 0; f < F; f++)
        u[i * F + f] = weight[f]! / (1 - b[f]! + (b[f]! * piece.lengths[i * F + f]!) / avg[f]!);
    return u;
  });
  // Each term's entries across pieces, as (piece, term) pairs; piece order keeps docs ascending.
  const byTerm = new Map<string, number[]>();
  let total = 0;
  parts.forEach(({ piece }, p) => {
    total += piece.entryDoc.length;
    for (let term = 0; term < piece.terms.length; term++) {
      const t = piece.terms[term]!;
      const list = byTerm.get(t);
      if (list === undefined) byTerm.set(t, [p, term]);
      else list.push(p, term);
    }
  });
  // Every term's docs and scores are views of two arrays: one allocation each, whatever the vocabulary.
  const allDocs = new Uint32Array(total);
  const allScores = new Float64Array(total);
  const postings = new Map<string, Postings>();
  let at = 0;
  for (const [t, list] of byTerm) {
    const start = at;
    for (let j = 0; j < list.length; j += 2) {
      const { piece } = parts[list[j]!]!;
      const ids = docIds[list[j]!]!;
      const u = unit[list[j]!]!;
      const { entryDoc, entryCounts, termStart } = piece;
      const term = list[j + 1]!;
      for (let x = termStart[term]!, end = termStart[term + 1]!; x < end; x++) {
        const i = entryDoc[x]!;
        const doc = ids[i]!;
        if (doc < 0) continue;
        // Added once per occurrence, field by field, as the occurrences come: the same sum in every build.
        let tf = 0;
        for (let f = 0; f < F; f++) {
          const v = u[i * F + f]!;
          for (let c = entryCounts[x * F + f]!; c > 0; c--) tf += v;
        }
        allDocs[at] = doc;
        allScores[at] = tf;
        at++;
      }
    }
    const df = at - start;
    if (df === 0) continue;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let k = start; k < at; k++) allScores[k] = (idf * allScores[k]!) / (BM25_K1 + allScores[k]!);
    postings.set(t, { docs: allDocs.subarray(start, at), scores: allScores.subarray(start, at) });
  }
  const vocabulary = [...postings.keys()].sort();
  return { postings, vocabulary };
}

/** `docs` hold ids into `terms`. */
export function buildBm25(docs: readonly FieldTerms[], terms: readonly string[]): Bm25 {
  return finishBm25([{ piece: bm25Piece(docs, terms) }]);
}

/** Vocabulary terms that start with `prefix` (longer than it), at most `max`, in order. */
export function withPrefix(vocabulary: readonly string[], prefix: string, max: number): string[] {
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocabulary[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < vocabulary.length && out.length < max; i++) {
    const v = vocabulary[i]!;
    if (!v.startsWith(prefix)) break;
    if (v !== prefix) out.push(v);
  }
  return out;
}
