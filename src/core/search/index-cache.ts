// The search index kept on disk (§15.1), next to the tool cache under $CODEAGENT_HOME: a warm `mcp search`
// or the agent's first `search_tools` reads the term counts instead of tokenizing every description again.
// One file per piece — the tools of one server (the host's own tools are one more) — named by a hash of those
// tools and of everything that shapes the counts, so a changed tool, field weight or tokenizer never reads an
// old file, and one server added, removed or changed rebuilds only its own piece. Pieces can be prepared
// one by one as servers answer, and saved after the results are out. A file that does not decode is rebuilt
// and replaced. Persisting is an optimisation: when the folder cannot be read or written, the index is built
// in memory as before.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { BM25_K1, finishBm25, type Bm25Piece } from "./bm25.js";
import { FIELD_SPEC } from "./fields.js";
import { STOP_WORDS } from "./tokenize.js";
import { buildIndexPiece, toolIndexFrom } from "./index.js";
import { decodePiece, encodePiece, INDEX_FILE_FORMAT } from "./index-file.js";
import { sharedTermTable, type TermTable } from "./term-table.js";
import type { SearchableTool, ToolIndex } from "./types.js";

/**
 * Bump whenever what an index term is changes (splitting, stemming, what is indexed): the key covers the
 * tools, the stop words, the field weights and the file layout, not the code that turns text into terms.
 */
export const INDEX_VERSION = 1;
/** Below this many tools in all, a build takes a few milliseconds: not worth files. */
const MIN_TOOLS = 200;
/** Piece files kept (most recently used first): enough for every server of a few large configurations. */
const KEEP = 1024;
const PREFIX = "piece-";
/** Files of the earlier one-file-per-tool-set layout, removed when pruning. */
const OLD_PREFIX = "index-";
const SUFFIX = ".bin";

export interface IndexCacheOptions {
  /** Folder of the index files (`paths.searchIndexDir`). */
  dir: string;
  /** Tool sets smaller than this are built in memory only (default 200). */
  minTools?: number;
}

export interface CachedIndex {
  index: ToolIndex;
  /**
   * Where the counts came from: every piece from its file, a build (of at least one piece) that was saved,
   * or builds kept in memory only (a small tool set, a cache that cannot be written).
   */
  source: "file" | "built" | "memory";
  /** How many pieces were read from files and how many built. */
  pieces: { file: number; built: number };
}

interface Piece extends FoundPiece {
  tools: readonly SearchableTool[];
}

/** A piece made elsewhere (`adopt`): doc i serves `docs[i]`, or nobody when that tool did not register. */
interface Adopted {
  /** The very object handed to `adopt`: a key given later (`buildPieceKeyLater`) is seen at `save`. */
  found: FoundPiece;
  docs: readonly (SearchableTool | undefined)[];
  /** The docs of `docs` by tool. */
  at: Map<SearchableTool, number>;
}

/** The index over `tools`, its pieces read from `dir` when there, the new ones saved. */
export function cachedToolIndex(tools: readonly SearchableTool[], opts: IndexCacheOptions): CachedIndex {
  const cache = new IndexCache(opts);
  const r = cache.index(tools);
  return { ...r, source: sourceOf(r.pieces, cache.save()) };
}

/**
 * Pieces for one command or session. `prepare` a server's tools as they register (the piece is read or
 * built then, while other servers still start); `index` joins the pieces of every tool; `save` writes the
 * pieces built, once nobody waits on them.
 */
export class IndexCache {
  /** By the first tool of a piece; reused while the piece holds the very same tool objects. */
  private readonly pieces = new WeakMap<SearchableTool, Piece>();
  /** Pieces from elsewhere, by the tools they serve (`adopt`). */
  private readonly adopted = new Map<SearchableTool, Adopted>();
  private readonly unsaved = new Set<FoundPiece>();
  /** The pieces of the last `index`: only those are saved (a server's earlier tools are not). */
  private used: Set<FoundPiece> | undefined;
  private persist = true;
  /** One term table for every piece this cache builds. */
  private readonly table = sharedTermTable();
  /** Whether the folder held no piece file when last looked (until the next save): nothing to read. */
  private empty: boolean | undefined;
  /** Keys to make for pieces built before them (`buildPieceKeyLater`), made at `save`. */
  private readonly later = new Map<FoundPiece, () => { key: Uint8Array; file: string }>();

  constructor(private readonly opts: IndexCacheOptions) {}

  /** Reads or builds the piece of `tools` (one server's, or the host's own) ahead of `index`. */
  prepare(tools: readonly SearchableTool[]): void {
    for (const g of groupByServer(tools)) this.piece(g);
  }

  /** The index over `tools`; results do not depend on their order. */
  index(tools: readonly SearchableTool[]): Omit<CachedIndex, "source"> {
    const parts: { piece: FoundPiece; keep?: Uint8Array }[] = [];
    const order: SearchableTool[] = [];
    for (const g of groupByServer(tools)) {
      // Tools an adopted piece serves are taken from it, in its doc order; the others (tools that did not
      // come from the listing it was made of, such as a server's resource and prompt tools) get a piece of
      // their own.
      const rest: SearchableTool[] = [];
      const from = new Set<Adopted>();
      for (const t of g) {
        const a = this.adopted.get(t);
        if (a === undefined) rest.push(t);
        else from.add(a);
      }
      for (const a of from) {
        const keep = new Uint8Array(a.docs.length);
        let kept = 0;
        for (const t of g) {
          const i = a.at.get(t);
          if (i !== undefined && this.adopted.get(t) === a) {
            keep[i] = 1;
            kept++;
          }
        }
        a.docs.forEach((t, i) => {
          if (keep[i] === 1) order.push(t!);
        });
        parts.push(kept === a.docs.length ? { piece: a.found } : { piece: a.found, keep });
      }
      if (rest.length > 0) {
        parts.push({ piece: this.piece(rest) });
        order.push(...rest);
      }
    }
    this.used = new Set(parts.map((p) => p.piece));
    this.persist = tools.length >= (this.opts.minTools ?? MIN_TOOLS);
    const data = finishBm25(
      parts.map(({ piece, keep }) =>
        keep === undefined ? { piece: piece.piece } : { piece: piece.piece, keep },
      ),
    );
    const count = (from: FoundPiece["from"]) => [...this.used!].filter((p) => p.from === from).length;
    return {
      index: toolIndexFrom(order, data),
      pieces: { file: count("file"), built: count("built") },
    };
  }

  /** Writes the pieces built so far; false when there was nothing to write or they could not be. */
  save(): boolean {
    const todo = [...this.unsaved].filter((p) => this.used === undefined || this.used.has(p));
    this.unsaved.clear();
    const later = new Map(this.later);
    this.later.clear();
    this.empty = undefined;
    if (!this.persist || todo.length === 0) return false;
    try {
      for (const p of todo) {
        const make = later.get(p);
        if (make !== undefined) Object.assign(p, make());
      }
      // No fsync: a file that did not reach the disk whole fails to decode and is rebuilt. A piece whose
      // key never came (`buildPieceKeyLater`) is not written: it is built again next time.
      const keyed = todo.filter((p) => p.file !== "");
      for (const p of keyed) writeFileAtomic(p.file, encodePiece(p.piece, p.key), { durable: false });
      prune(this.opts.dir, new Set(keyed.map((p) => p.file)));
      return true;
    } catch {
      // A read-only or full home: the index works all the same, it is only built again next time.
      return false;
    }
  }

  /**
   * A piece read or built elsewhere (`loadOrBuildPiece` on a worker thread): `docs[i]` is the registered
   * tool whose content doc i was made from (undefined: that tool did not register). The caller vouches for
   * the content; `index` serves those very tool objects from this piece.
   */
  adopt(found: FoundPiece, docs: readonly (SearchableTool | undefined)[]): void {
    const a: Adopted = { found, docs, at: new Map() };
    docs.forEach((t, i) => {
      if (t === undefined) return;
      a.at.set(t, i);
      this.adopted.set(t, a);
    });
    if (a.at.size > 0 && found.from === "built") this.unsaved.add(found);
  }

  private piece(sorted: readonly SearchableTool[]): Piece {
    const known = this.pieces.get(sorted[0]!);
    if (known !== undefined && sameTools(known.tools, sorted)) return known;
    // With no piece file in the folder nothing can be read: the key is made only to save the piece.
    this.empty ??= noPieceFiles(this.opts.dir);
    const deferred = this.empty ? buildPieceKeyLater(sorted, this.opts.dir, this.table()) : undefined;
    const p: Piece = {
      tools: sorted,
      ...(deferred?.found ?? loadOrBuildPiece(sorted, this.opts.dir, this.table())),
    };
    if (deferred !== undefined) this.later.set(p, deferred.later);
    if (p.from === "built") this.unsaved.add(p);
    this.pieces.set(sorted[0]!, p);
    return p;
  }
}

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

function sourceOf(pieces: CachedIndex["pieces"], saved: boolean): CachedIndex["source"] {
  if (pieces.built === 0) return pieces.file > 0 ? "file" : "memory";
  return saved ? "built" : "memory";
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

/** One group per server (the host's own tools first), servers and the tools in each in name order. */
function groupByServer(tools: readonly SearchableTool[]): SearchableTool[][] {
  const by = new Map<string, SearchableTool[]>();
  for (const t of tools) {
    const s = groupOf(t);
    const g = by.get(s);
    if (g === undefined) by.set(s, [t]);
    else g.push(t);
  }
  return [...by.keys()].sort(cmp).map((s) => sortByName(by.get(s)!));
}

/** The group (piece) a tool belongs to: its server's, or the host's own for the built-in and ext_ tools. */
function groupOf(t: SearchableTool): string {
  return t.server === undefined ? "" : `\u0001${t.server}`;
}

export function sortByName(tools: readonly SearchableTool[]): SearchableTool[] {
  return [...tools].sort((a, b) => cmp(a.name, b.name));
}

function sameTools(a: readonly SearchableTool[], b: readonly SearchableTool[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
function prune(dir: string, keep: ReadonlySet<string>): void {
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
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
