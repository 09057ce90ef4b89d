// One piece of the index: the raw BM25F term counts of some tools (one server's), which need nothing from the
// other tools; `finishBm25` joins pieces into the postings a query reads (index.ts).
import { bm25Piece, type Bm25Piece } from "./bm25.js";
import { fieldTerms } from "./fields.js";
import { termTable, type TermTable } from "./term-table.js";
import type { SearchableTool } from "./types.js";

/**
 * The term counts of some of the tools (one server's), which the index cache stores and joins with the other
 * pieces (`finishBm25`) into the postings `buildIndexData` gives for all of them. `table` may be shared by
 * the pieces of one command or session (`sharedTermTable`): words and texts that recur across servers are
 * then split once; the piece is the same either way.
 */
export function buildIndexPiece(tools: readonly SearchableTool[], table: TermTable = termTable()): Bm25Piece {
  return bm25Piece(
    tools.map((t) => fieldTerms(t, table)),
    table.terms,
  );
}
