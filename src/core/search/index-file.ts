// One index piece (the term counts of one server's tools, bm25.ts) as a binary file (§15.1): building it for
// 5 000 tools tokenizes megabytes of descriptions, reading it back is a few array views. Pure: bytes in,
// bytes out; the cache decides where they live. A file that is not exactly what `encodePiece` wrote for this
// key gives null, never a wrong index.
import type { Bm25Piece } from "./bm25.js";
import { FIELDS } from "./fields.js";

const MAGIC = 0x58534143; // "CASX", little-endian
/**
 * Bump when the layout below changes. 3: a piece's terms sorted; 2: one file per piece of raw counts (1 held
 * finished postings).
 */
export const INDEX_FILE_FORMAT = 3;
const KEY_BYTES = 32;
/** magic, format, header length, then the key. */
const PREFIX = 12 + KEY_BYTES;
const F = FIELDS.length;

interface Header {
  docs: number;
  fields: number;
  /** The piece's terms; their entries follow in this order. */
  terms: string[];
  entries: number;
}

/** `key` is 32 bytes (a SHA-256) naming what the piece was built from. */
export function encodePiece(piece: Bm25Piece, key: Uint8Array): Uint8Array {
  if (key.length !== KEY_BYTES) throw new Error(`index key must be ${KEY_BYTES} bytes`);
  const entries = piece.entryDoc.length;
  const header = Buffer.from(
    JSON.stringify({ docs: piece.docs, fields: F, terms: piece.terms, entries } satisfies Header),
    "utf8",
  );
  const l = layout(PREFIX + header.length, piece.docs, piece.terms.length, entries);
  const out = new Uint8Array(l.end);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, INDEX_FILE_FORMAT, true);
  view.setUint32(8, header.length, true);
  out.set(key, 12);
  out.set(header, PREFIX);
  new Uint32Array(out.buffer, l.lengths, piece.docs * F).set(piece.lengths);
  new Uint32Array(out.buffer, l.termStart, piece.terms.length + 1).set(piece.termStart);
  new Uint32Array(out.buffer, l.entryDoc, entries).set(piece.entryDoc);
  new Uint16Array(out.buffer, l.entryCounts, entries * F).set(piece.entryCounts);
  return out;
}

/** The piece in `bytes` when it was written for `key` and is whole and consistent; else null. */
export function decodePiece(bytes: Uint8Array, key: Uint8Array): Bm25Piece | null {
  if (bytes.length < PREFIX) return null;
  // Typed-array views need an aligned start: copy when the buffer came back at an odd offset.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== INDEX_FILE_FORMAT) return null;
  if (!sameBytes(buf.subarray(12, PREFIX), key)) return null;
  const headerLen = view.getUint32(8, true);
  if (PREFIX + headerLen > buf.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(buf.buffer, buf.byteOffset + PREFIX, headerLen).toString("utf8"));
  } catch {
    return null;
  }
  if (!validHeader(header)) return null;
  const { docs, terms, entries } = header;
  const l = layout(PREFIX + headerLen, docs, terms.length, entries);
  if (buf.length !== l.end) return null;
  const at = (o: number) => buf.byteOffset + o;
  const piece: Bm25Piece = {
    docs,
    terms,
    lengths: new Uint32Array(buf.buffer, at(l.lengths), docs * F),
    termStart: new Uint32Array(buf.buffer, at(l.termStart), terms.length + 1),
    entryDoc: new Uint32Array(buf.buffer, at(l.entryDoc), entries),
    entryCounts: new Uint16Array(buf.buffer, at(l.entryCounts), entries * F),
  };
  return consistent(piece) ? piece : null;
}

/** Byte offsets of the arrays after a header ending at `start`, each 8-aligned. */
function layout(start: number, docs: number, terms: number, entries: number) {
  const lengths = align(start);
  const termStart = align(lengths + docs * F * 4);
  const entryDoc = align(termStart + (terms + 1) * 4);
  const entryCounts = align(entryDoc + entries * 4);
  return { lengths, termStart, entryDoc, entryCounts, end: entryCounts + entries * F * 2 };
}

function validHeader(h: unknown): h is Header {
  if (typeof h !== "object" || h === null) return false;
  const { docs, fields, terms, entries } = h as Partial<Header>;
  if (fields !== F || !Number.isInteger(docs) || docs! < 0) return false;
  if (!Number.isInteger(entries) || entries! < 0 || !Array.isArray(terms)) return false;
  // Strictly ascending (so distinct): finishing finds a term in each piece by bisection.
  return terms.every((t, i) => typeof t === "string" && (i === 0 || terms[i - 1]! < t));
}

/** Offsets that cover the entries in order, each term with a doc, docs in range and ascending per term. */
function consistent(p: Bm25Piece): boolean {
  const { termStart, entryDoc } = p;
  if (termStart[0] !== 0 || termStart[p.terms.length] !== entryDoc.length) return false;
  for (let t = 0; t < p.terms.length; t++) {
    const s = termStart[t]!;
    const e = termStart[t + 1]!;
    if (e <= s) return false;
    for (let x = s; x < e; x++) {
      const d = entryDoc[x]!;
      if (d >= p.docs || (x > s && d <= entryDoc[x - 1]!)) return false;
    }
  }
  return true;
}

function align(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
