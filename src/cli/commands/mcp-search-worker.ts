// The worker thread of `PieceThread` (piece-thread.ts): reads or builds the index piece of the tools it is
// sent (`loadOrBuildPiece`, the same function the main thread uses), off the main thread.
import { parentPort } from "node:worker_threads";
import { loadOrBuildPiece } from "./index-cache.js";
import type { SearchableTool } from "./index.js";

export interface PieceRequest {
  id: number;
  /** One piece's tools, in name order. */
  tools: SearchableTool[];
  /** The index cache folder. */
  dir: string;
}

parentPort?.on("message", ({ id, tools, dir }: PieceRequest) => {
  const found = loadOrBuildPiece(tools, dir);
  const { piece } = found;
  // A fresh build's arrays are its own: handed over without a copy. A piece read from a file is a view of
  // the file's buffer (which may be a shared pool): copied.
  const transfer =
    found.from === "built"
      ? [piece.lengths, piece.termStart, piece.entryDoc, piece.entryCounts].map(
          (a) => a.buffer as ArrayBuffer,
        )
      : [];
  parentPort!.postMessage({ id, found }, transfer);
});
