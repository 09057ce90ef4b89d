// The search index kept on disk (§15.1), next to the tool cache under $CODEAGENT_HOME: a warm `mcp search`
// or the agent's first `search_tools` reads the term counts instead of tokenizing every description again.
// One file per piece — the tools of one server (the host's own tools are one more) — named by a hash of those
// tools and of everything that shapes the counts, so a changed tool, field weight or tokenizer never reads an
// old file, and one server added, removed or changed rebuilds only its own piece. Pieces can be prepared
// one by one as servers answer, and saved after the results are out. A file that does not decode is rebuilt
// and replaced. Persisting is an optimisation: when the folder cannot be read or written, the index is built
// in memory as before.
import { writeFileAtomic } from "../fs/atomic-write.js";
import { finishBm25 } from "./bm25.js";
import { toolIndexFrom } from "./index.js";
import { encodePiece } from "./index-file.js";
import {
  buildPieceKeyLater,
  cmp,
  loadOrBuildPiece,
  noPieceFiles,
  prune,
  sortByName,
  type FoundPiece,
} from "./piece-store.js";
import { sharedTermTable } from "./term-table.js";
import type { SearchableTool, ToolIndex } from "./types.js";

/** Below this many tools in all, a build takes a few milliseconds: not worth files. */
const MIN_TOOLS = 200;

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

/** The index over `tools`, its pieces read from `dir` when there, the new ones saved. */
export function cachedToolIndex(tools: readonly SearchableTool[], opts: IndexCacheOptions): CachedIndex {
  const cache = new IndexCache(opts);
  const r = cache.index(tools);
  return { ...r, source: sourceOf(r.pieces, cache.save()) };
}

/** Pieces for one command or session: `index` joins the pieces of every tool; `save` writes those built. */
export class IndexCache {
  /** By the first tool of a piece; reused while the piece holds the very same tool objects. */
  private readonly pieces = new WeakMap<SearchableTool, Piece>();
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

  /** The index over `tools`; results do not depend on their order. */
  index(tools: readonly SearchableTool[]): Omit<CachedIndex, "source"> {
    const groups = groupByServer(tools);
    const parts = groups.map((g) => this.piece(g));
    const order = groups.flat();
    this.used = new Set(parts);
    this.persist = tools.length >= (this.opts.minTools ?? MIN_TOOLS);
    const data = finishBm25(parts.map((p) => ({ piece: p.piece })));
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

function sourceOf(pieces: CachedIndex["pieces"], saved: boolean): CachedIndex["source"] {
  if (pieces.built === 0) return pieces.file > 0 ? "file" : "memory";
  return saved ? "built" : "memory";
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

function sameTools(a: readonly SearchableTool[], b: readonly SearchableTool[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
