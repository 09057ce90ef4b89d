// The worker thread of `PieceThread` (mcp-search-thread.ts): from the JSON text of one server's lists, makes the
// searchable form of its tools exactly as the main thread would (`listedSearchable`) and reads or builds
// their index piece (`loadOrBuildPiece`, the same function the main thread uses), off the main thread.
import { parentPort } from "node:worker_threads";
import type { RawTool } from "../../core/mcp/lenient.js";
import { loadOrBuildPiece, sortByName } from "../../core/search/index-cache.js";
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

/** One term table for every piece this thread builds: servers share much of their text. */
const table = sharedTermTable();

parentPort?.on("message", ({ id, server, lists, dir }: PieceRequest) => {
  const parsed = JSON.parse(lists) as { tools?: unknown };
  const tools = (Array.isArray(parsed.tools) ? parsed.tools : []) as RawTool[];
  const sorted = sortByName(listedSearchable(server, tools));
  const found = loadOrBuildPiece(sorted, dir, table());
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
  parentPort!.postMessage({ id, found, docs }, transfer);
});
