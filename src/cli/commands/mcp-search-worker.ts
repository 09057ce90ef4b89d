// The worker thread of `PieceThread` (mcp-search-thread.ts): from the JSON text of one server's lists, or the raw
// stdout line of its tools/list answer read as the connection reads it (`listingOfLine`), makes the searchable
// form of its tools exactly as the main thread would (`listedSearchable`) and reads or builds their index piece
// (`loadOrBuildPiece`, the same function the main thread uses), off the main thread.
import { parentPort } from "node:worker_threads";
import type { RawTool } from "../../core/mcp/lenient.js";
import { listingOfLine, type ListingContext } from "../../core/mcp/list-line.js";
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
  line: string;
  listing: ListingContext;
  dir: string;
}

/** Asks for the keys of the pieces built before their key (`later` in their reply). */
export interface KeysRequest {
  keys: true;
}

/** One term table for every piece this thread builds: servers share much of their text. */
const table = sharedTermTable();
/** The keys still to make, by request. */
const later = new Map<number, () => { key: Uint8Array; file: string }>();

parentPort?.on("message", (m: PieceRequest | LineRequest | KeysRequest) => {
  if ("keys" in m) {
    const keys = [...later].map(([id, make]) => ({ id, ...make() }));
    later.clear();
    parentPort!.postMessage({ keys });
    return;
  }
  const { id, server, dir } = m;
  const listing =
    "line" in m ? listingOfLine(m.line, m.listing) : { kind: "tools", tools: listsTools(m.lists) };
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

function listsTools(lists: string): RawTool[] {
  const parsed = JSON.parse(lists) as { tools?: unknown };
  return (Array.isArray(parsed.tools) ? parsed.tools : []) as RawTool[];
}
