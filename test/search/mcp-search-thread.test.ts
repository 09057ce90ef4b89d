// Index pieces built on a worker thread (the compiled one in dist/, as the CLI runs it) are the pieces the
// main thread builds, and one read from a file comes back whole.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrBuildPiece, sortByName } from "../../src/core/search/index-cache.js";
import { buildIndexPiece } from "../../src/core/search/index.js";
import type { PieceThread as Thread } from "../../src/core/search/piece-thread.js";
import { catalogueTools } from "./catalogue.js";

const { PieceThread } = (await import(
  join(import.meta.dirname, "../../dist/core/search/piece-thread.js")
)) as { PieceThread: typeof Thread };
const dir = mkdtempSync(join(tmpdir(), "codeagent-thread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("PieceThread", () => {
  const tools = sortByName(catalogueTools().filter((t) => t.server === "gitlab"));

  it("builds the piece the main thread builds, then reads it from the file it was saved to", async () => {
    const thread = PieceThread.start()!;
    try {
      const built = await thread.build(tools, dir);
      expect({ from: built?.from, piece: built?.piece }).toEqual({
        from: "built",
        piece: buildIndexPiece(tools),
      });
      // Saved the way the index cache saves it, it is read back on the thread.
      const { writeFileSync } = await import("node:fs");
      const { encodePiece } = await import("../../src/core/search/index-file.js");
      writeFileSync(built!.file, encodePiece(built!.piece, built!.key));
      const read = await thread.build(tools, dir);
      expect({
        from: read?.from,
        piece: read?.piece,
        same: read?.file === loadOrBuildPiece(tools, dir).file,
      }).toEqual({
        from: "file",
        piece: buildIndexPiece(tools),
        same: true,
      });
    } finally {
      await thread.close();
    }
  });
});
