// BM25F postings: for every term, the documents holding it with their field-weighted, length-normalised
// term frequency, computed once at build time so a query is a few array walks.
import { FIELDS, FIELD_SPEC, type FieldTerms } from "./fields.js";

export const BM25_K1 = 1.2;

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

/** `docs` hold ids into `terms`. */
export function buildBm25(docs: readonly FieldTerms[], terms: readonly string[]): Bm25 {
  const avg = Object.fromEntries(
    FIELDS.map((f) => [f, docs.reduce((n, d) => n + d[f].length, 0) / Math.max(1, docs.length) || 1]),
  ) as Record<(typeof FIELDS)[number], number>;
  // Arrays by term id and one scratch row instead of a map per document: building for 5 000 tools is
  // part of every `mcp search`.
  const tf = new Float64Array(terms.length);
  const touched: number[] = [];
  const pDocs: number[][] = terms.map(() => []);
  const pTf: number[][] = terms.map(() => []);
  docs.forEach((d, i) => {
    for (const f of FIELDS) {
      const { weight, b } = FIELD_SPEC[f];
      const v = weight / (1 - b + (b * d[f].length) / avg[f]);
      for (const id of d[f]) {
        if (tf[id] === 0) touched.push(id);
        tf[id] = tf[id]! + v;
      }
    }
    for (const id of touched) {
      pDocs[id]!.push(i);
      pTf[id]!.push(tf[id]!);
      tf[id] = 0;
    }
    touched.length = 0;
  });
  const n = docs.length;
  const postings = new Map<string, Postings>();
  terms.forEach((t, id) => {
    const df = pDocs[id]!.length;
    if (df === 0) return;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    postings.set(t, {
      docs: Uint32Array.from(pDocs[id]!),
      scores: Float64Array.from(pTf[id]!, (v) => (idf * v) / (BM25_K1 + v)),
    });
  });
  const vocabulary = [...postings.keys()].sort();
  return { postings, vocabulary };
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
