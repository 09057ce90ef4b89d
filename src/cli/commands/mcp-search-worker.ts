// The worker thread of `PieceThread` (mcp-search-thread.ts): from the JSON text of one server's lists, or the raw
// stdout line of its tools/list answer read as the connection reads it (`listingOfLine`), makes the searchable
// form of its tools exactly as the main thread would (`listedSearchable`) and reads or builds their index piece
// (`loadOrBuildPiece`, the same function the main thread uses), off the main thread.
import { parentPort } from "node:worker_threads";
import type { RawTool } from "../../core/mcp/lenient.js";
import { listingOfLine, wholeListing, type ListingContext } from "../../core/mcp/list-line.js";
import type { ServerLists } from "../../core/mcp/server-state.js";
import { cacheFileText, writeCacheFile } from "../../core/mcp/tool-cache.js";
import {
  buildPieceKeyLater,
  loadOrBuildPiece,
  noPieceFiles,
  sortByName,
} from "../../core/search/piece-store.js";
import { sharedTermTable } from "../../core/search/term-table.js";
import { listedSearchable } from "../../core/tools/searchable.js";

export interface PieceRequest {
  id: number;
  server: string;
  /** `{ "tools": [...], … }`: the server's lists as JSON (the tool cache's file text). */
  lists: string;
  /** The index cache folder. */
  dir: string;
}

/** A long stdout line of a starting server: the piece of the tools it lists, if it is its whole tool list. */
export interface LineRequest {
  id: number;
  server: string;
  /** The line's UTF-8 bytes. */
  line: Uint8Array;
  listing: ListingContext;
  dir: string;
}

/**
 * Writes the tool cache of a server whose long lines were `lines` (`LineRequest` ids, all sent before): when one
 * of them was its whole tool list (`wholeListing`, of `tools` tools), as `rest` with those tools. Replied
 * `{ cache, written }`: not written, the main thread writes it.
 */
export interface CacheRequest {
  cache: number;
  lines: number[];
  tools: number;
  file: string;
  /** The server's lists with `tools: null`, in their key order (`cacheFileText`). */
  rest: Record<string, unknown>;
  server?: string;
}

/** Asks for the keys of the pieces built before their key (`later` in their reply). */
export interface KeysRequest {
  keys: true;
}

/** One term table for every piece this thread builds: servers share much of their text. */
const table = sharedTermTable();
/** The keys still to make, by request. */
const later = new Map<number, () => { key: Uint8Array; file: string }>();
/** What each line request held, until a cache request asks (the tools of a whole list are kept for it). */
const lines = new Map<number, RawTool[] | "page" | "other">();

parentPort?.on("message", (m: PieceRequest | LineRequest | KeysRequest | CacheRequest) => {
  if ("keys" in m) {
    const keys = [...later].map(([id, make]) => ({ id, ...make() }));
    later.clear();
    parentPort!.postMessage({ keys });
    return;
  }
  if ("cache" in m) {
    parentPort!.postMessage({ cache: m.cache, written: writeCache(m) });
    return;
  }
  const { id, server, dir } = m;
  const listing =
    "line" in m
      ? listingOfLine(
          Buffer.from(m.line.buffer, m.line.byteOffset, m.line.byteLength).toString("utf8"),
          m.listing,
        )
      : { kind: "tools" as const, tools: listsTools(m.lists) };
  if ("line" in m) lines.set(id, listing.kind === "tools" ? listing.tools : listing.kind);
  if (listing.kind !== "tools") {
    parentPort!.postMessage({ id, listing: listing.kind });
    return;
  }
  const { tools } = listing;
  const sorted = sortByName(listedSearchable(server, tools));
  // With no piece file in the folder (a first search) nothing can be read: the key, only wanted to save the
  // piece, is made when asked for, after the results are out.
  const deferred = noPieceFiles(dir) ? buildPieceKeyLater(sorted, dir, table()) : undefined;
  const found = deferred?.found ?? loadOrBuildPiece(sorted, dir, table());
  if (deferred !== undefined) later.set(id, deferred.later);
  const { piece } = found;
  // A fresh build's arrays are its own: handed over without a copy. A piece read from a file is a view of
  // the file's buffer (which may be a shared pool): copied.
  const transfer =
    found.from === "built"
      ? [piece.lengths, piece.termStart, piece.entryDoc, piece.entryCounts].map(
          (a) => a.buffer as ArrayBuffer,
        )
      : [];
  const docs = { names: sorted.map((t) => t.name), tools: sorted.map((t) => t.tool ?? t.name) };
  parentPort!.postMessage({ id, found, docs, later: deferred !== undefined }, transfer);
});

function writeCache(m: CacheRequest): boolean {
  const held = m.lines.map((id) => lines.get(id));
  for (const id of m.lines) lines.delete(id);
  const tools = wholeListing(held, (t) => t.length, m.tools);
  if (tools === undefined) return false;
  try {
    writeCacheFile(m.file, cacheFileText({ ...m.rest, tools } as unknown as ServerLists, m.server));
    return true;
  } catch {
    return false;
  }
}

function listsTools(lists: string): RawTool[] {
  const parsed = JSON.parse(lists) as { tools?: unknown };
  return (Array.isArray(parsed.tools) ? parsed.tools : []) as RawTool[];
}
