// BM25F postings: for every term, the documents holding it with their field-weighted, length-normalised
// term frequency, computed once at build time so a query is a few array walks.
import { FIELDS, FIELD_SPEC, type FieldTerms } from "./fields.js";

const K1 = 1.2;

export interface Postings {
  docs: number[];
  /** Saturated BM25F term weight per doc (tf̃ / (k1 + tf̃)), times idf. */
  scores: number[];
}

export interface Bm25 {
  postings: Map<string, Postings>;
  /** Every term, sorted, for prefix look-ups. */
  vocabulary: string[];
}

export function buildBm25(docs: readonly FieldTerms[]): Bm25 {
  const avg = Object.fromEntries(
    FIELDS.map((f) => [f, docs.reduce((n, d) => n + d[f].length, 0) / Math.max(1, docs.length) || 1]),
  ) as Record<(typeof FIELDS)[number], number>;
  const raw = new Map<string, { docs: number[]; tf: number[] }>();
  docs.forEach((d, i) => {
    const tf = new Map<string, number>();
    for (const f of FIELDS) {
      const { weight, b } = FIELD_SPEC[f];
      const norm = 1 - b + (b * d[f].length) / avg[f];
      for (const t of d[f]) tf.set(t, (tf.get(t) ?? 0) + weight / norm);
    }
    for (const [t, v] of tf) {
      const p = raw.get(t) ?? { docs: [], tf: [] };
      p.docs.push(i);
      p.tf.push(v);
      raw.set(t, p);
    }
  });
  const n = docs.length;
  const postings = new Map<string, Postings>();
  for (const [t, p] of raw) {
    const df = p.docs.length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    postings.set(t, { docs: p.docs, scores: p.tf.map((v) => (idf * v) / (K1 + v)) });
  }
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
