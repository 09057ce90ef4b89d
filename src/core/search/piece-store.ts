// Index pieces kept on disk (§15.1), one file per piece — the tools of one server, or the host's own — named by a
// hash of those tools and of everything that shapes their counts, so a changed tool, field weight or tokenizer
// never reads an old file. Read, built, keyed and pruned here, without the ranking. `IndexCache` (index-cache.ts)
// joins the pieces of a command or session.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { BM25_K1, type Bm25Piece } from "./bm25.js";
import { FIELD_SPEC } from "./fields.js";
import { STOP_WORDS } from "./tokenize.js";
import { buildIndexPiece } from "./piece.js";
import { decodePiece, INDEX_FILE_FORMAT } from "./index-file.js";
import type { TermTable } from "./term-table.js";
import type { SearchableTool } from "./types.js";

/**
 * Bump whenever what an index term is changes (splitting, stemming, what is indexed): the key covers the
 * tools, the stop words, the field weights and the file layout, not the code that turns text into terms.
 */
export const INDEX_VERSION = 1;
/** Piece files kept (most recently used first): enough for every server of a few large configurations. */
const KEEP = 1024;
const PREFIX = "piece-";
/** Files of the earlier one-file-per-tool-set layout, removed when pruning. */
const OLD_PREFIX = "index-";
const SUFFIX = ".bin";

export interface FoundPiece {
  piece: Bm25Piece;
  /** Empty, and `file` "", for a piece built before its key was made (`buildPieceKeyLater`). */
  key: Uint8Array;
  file: string;
  from: "file" | "built";
}

/** The key of a piece of `sorted` and the file it is kept in under `dir`. */
export function pieceFile(sorted: readonly SearchableTool[], dir: string): { key: Uint8Array; file: string } {
  const key = pieceKey(sorted);
  return { key, file: join(dir, `${PREFIX}${Buffer.from(key).toString("hex").slice(0, 32)}${SUFFIX}`) };
}

/**
 * Whether `dir` holds no piece file at all (a first search): then no piece can be read, and its key (a hash
 * of every tool, 40 ms at 5 000 tools) is wanted only to save it, once the results are out.
 */
export function noPieceFiles(dir: string): boolean {
  try {
    return !readdirSync(dir).some((f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX));
  } catch {
    return true;
  }
}

/**
 * `loadOrBuildPiece` without the look-up, for a folder with no piece file (`noPieceFiles`): the piece is
 * built, and `later()` gives its key and file, to be set on it before it is saved.
 */
export function buildPieceKeyLater(
  sorted: readonly SearchableTool[],
  dir: string,
  table?: TermTable,
): { found: FoundPiece; later: () => { key: Uint8Array; file: string } } {
  return {
    found: { piece: buildIndexPiece(sorted, table), key: new Uint8Array(0), file: "", from: "built" },
    later: () => pieceFile(sorted, dir),
  };
}

/**
 * The piece of `sorted` (one group, in name order): from its file in `dir` when there, else built (with
 * `table`, when given: `sharedTermTable`).
 */
export function loadOrBuildPiece(
  sorted: readonly SearchableTool[],
  dir: string,
  table?: TermTable,
): FoundPiece {
  const { key, file } = pieceFile(sorted, dir);
  const loaded = readPiece(file, sorted.length, key);
  if (loaded !== null) return { piece: loaded, key, file, from: "file" };
  return { piece: buildIndexPiece(sorted, table), key, file, from: "built" };
}

/** What shapes the counts besides the tools: part of every piece's key. */
const SHAPE = JSON.stringify({
  v: INDEX_VERSION,
  f: INDEX_FILE_FORMAT,
  k1: BM25_K1,
  fields: FIELD_SPEC,
  stop: STOP_WORDS,
});

/** SHA-256 over the piece's tools (in order) and what shapes their counts. */
export function pieceKey(sorted: readonly SearchableTool[]): Uint8Array {
  const h = createHash("sha256");
  h.update(SHAPE);
  for (const t of sorted) {
    h.update("\u0000");
    h.update(JSON.stringify([t.name, t.server ?? null, t.tool ?? null, t.description, t.parameters ?? []]));
  }
  return h.digest();
}

export function sortByName(tools: readonly SearchableTool[]): SearchableTool[] {
  return [...tools].sort((a, b) => cmp(a.name, b.name));
}

function readPiece(file: string, docs: number, key: Uint8Array): Bm25Piece | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const piece = decodePiece(bytes, key);
  if (piece === null || piece.docs !== docs) return null;
  // Used now: pruning keeps the most recently used files.
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // A read-only cache still serves.
  }
  return piece;
}

/** Keeps the KEEP most recently used piece files, `keep` (just written) always among them. */
export function prune(dir: string, keep: ReadonlySet<string>): void {
  const names = readdirSync(dir).filter((f) => f.endsWith(SUFFIX));
  for (const f of names) if (f.startsWith(OLD_PREFIX)) rmSync(join(dir, f), { force: true });
  const files = names
    .filter((f) => f.startsWith(PREFIX))
    .map((f) => join(dir, f))
    .filter((f) => !keep.has(f));
  if (files.length + keep.size <= KEEP) return;
  const byAge = files.map((f) => ({ f, t: mtimeOf(f) })).sort((a, b) => b.t - a.t);
  for (const { f } of byAge.slice(Math.max(0, KEEP - keep.size))) rmSync(f, { force: true });
}

function mtimeOf(f: string): number {
  try {
    return statSync(f).mtimeMs;
  } catch {
    return 0;
  }
}

/** Code-unit order: the same in every locale. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
