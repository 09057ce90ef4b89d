// The index's postings as one binary file (§15.1): building them for 5 000 tools tokenizes megabytes of
// descriptions, reading them back is a few array views. Pure: bytes in, bytes out; the cache decides where
// they live. A file that is not exactly what `encodeIndex` wrote for this key gives null, never a wrong index.
import type { Bm25, Postings } from "./bm25.js";

const MAGIC = 0x58534143; // "CASX", little-endian
/** Bump when the layout below changes. */
export const INDEX_FILE_FORMAT = 1;
const KEY_BYTES = 32;
/** magic, format, header length, then the key. */
const PREFIX = 12 + KEY_BYTES;

interface Header {
  docs: number;
  /** Terms in vocabulary order, and how many docs each has. */
  terms: string[];
  counts: number[];
}

/** `key` is 32 bytes (a SHA-256) naming what the postings were built from. */
export function encodeIndex(data: Bm25, docCount: number, key: Uint8Array): Uint8Array {
  if (key.length !== KEY_BYTES) throw new Error(`index key must be ${KEY_BYTES} bytes`);
  const terms = data.vocabulary;
  const counts = terms.map((t) => data.postings.get(t)!.docs.length);
  const total = counts.reduce((n, c) => n + c, 0);
  const header = Buffer.from(JSON.stringify({ docs: docCount, terms, counts } satisfies Header), "utf8");
  const docsAt = align(PREFIX + header.length, 8);
  const scoresAt = align(docsAt + total * 4, 8);
  const out = new Uint8Array(scoresAt + total * 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, INDEX_FILE_FORMAT, true);
  view.setUint32(8, header.length, true);
  out.set(key, 12);
  out.set(header, PREFIX);
  const docs = new Uint32Array(out.buffer, docsAt, total);
  const scores = new Float64Array(out.buffer, scoresAt, total);
  let at = 0;
  for (const t of terms) {
    const p = data.postings.get(t)!;
    docs.set(p.docs, at);
    scores.set(p.scores, at);
    at += p.docs.length;
  }
  return out;
}

/** The postings in `bytes` when they were written for `key` and `docCount` docs and are whole; else null. */
export function decodeIndex(bytes: Uint8Array, docCount: number, key: Uint8Array): Bm25 | null {
  if (bytes.length < PREFIX) return null;
  // Typed-array views need an aligned start: copy when the buffer came back at an odd offset.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== INDEX_FILE_FORMAT) return null;
  if (!sameBytes(buf.subarray(12, PREFIX), key)) return null;
  const headerLen = view.getUint32(8, true);
  if (PREFIX + headerLen > buf.length) return null;
  let header: Header;
  try {
    header = JSON.parse(
      Buffer.from(buf.buffer, buf.byteOffset + PREFIX, headerLen).toString("utf8"),
    ) as Header;
  } catch {
    return null;
  }
  if (!validHeader(header, docCount)) return null;
  const total = header.counts.reduce((n, c) => n + c, 0);
  const docsAt = align(PREFIX + headerLen, 8);
  const scoresAt = align(docsAt + total * 4, 8);
  if (buf.length !== scoresAt + total * 8) return null;
  const docs = new Uint32Array(buf.buffer, buf.byteOffset + docsAt, total);
  const scores = new Float64Array(buf.buffer, buf.byteOffset + scoresAt, total);
  for (let i = 0; i < total; i++) if (docs[i]! >= docCount || !(scores[i]! >= 0)) return null;
  const postings = new Map<string, Postings>();
  let at = 0;
  header.terms.forEach((t, i) => {
    const n = header.counts[i]!;
    postings.set(t, { docs: docs.subarray(at, at + n), scores: scores.subarray(at, at + n) });
    at += n;
  });
  return { postings, vocabulary: header.terms };
}

function validHeader(h: unknown, docCount: number): h is Header {
  if (typeof h !== "object" || h === null) return false;
  const { docs, terms, counts } = h as Partial<Header>;
  if (docs !== docCount || !Array.isArray(terms) || !Array.isArray(counts)) return false;
  if (terms.length !== counts.length) return false;
  for (let i = 0; i < terms.length; i++) {
    if (typeof terms[i] !== "string" || !Number.isInteger(counts[i]) || counts[i]! < 1) return false;
    // Sorted and distinct: prefix look-ups binary-search the vocabulary.
    if (i > 0 && !(terms[i - 1]! < terms[i]!)) return false;
  }
  return true;
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
