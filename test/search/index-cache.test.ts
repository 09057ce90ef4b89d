// The persisted search index (§15.1): one file per server's piece of term counts. A second search over the
// same tools reads every piece from disk and ranks exactly as a fresh build; one server added, removed or
// changed rebuilds only its own piece; a damaged or old file, or a cache folder that cannot be written, never
// gives a wrong index; pieces prepared early (as servers answer) are the ones the index uses.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BM25_K1, bm25Piece, finishBm25, type Bm25, type Bm25Piece } from "../../src/core/search/bm25.js";
import { FIELD_SPEC, FIELDS, fieldTerms } from "../../src/core/search/fields.js";
import { sharedTermTable, termTable } from "../../src/core/search/term-table.js";
import { cachedToolIndex, IndexCache } from "../../src/core/search/index-cache.js";
import { pieceKey, sortByName } from "../../src/core/search/piece-store.js";
import { decodePiece, encodePiece } from "../../src/core/search/index-file.js";
import {
  buildIndexData,
  buildIndexPiece,
  buildToolIndex,
  type SearchableTool,
} from "../../src/core/search/index.js";
import { catalogueTools } from "./catalogue.js";

const tools = catalogueTools();
const servers = [...new Set(tools.map((t) => t.server ?? ""))].sort();
/** Servers with the most tools: each one's piece alone is worth a file. */
const [big1, big2] = [...servers].sort(
  (a, b) => tools.filter((t) => t.server === b).length - tools.filter((t) => t.server === a).length,
);
const QUERIES = [
  "open a merge request from my branch",
  "take a screenshot of the page",
  "create issue gitlab",
  "kubectl logs",
  "mcp__github__",
  "slack_post_message",
  "delete the feature flag",
];
const results = (index: ReturnType<typeof buildToolIndex>) =>
  QUERIES.map((q) => index.search(q, { limit: 10 }));
const expected = results(buildToolIndex(tools));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "codeagent-index-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});
const files = () => readdirSync(dir).filter((f) => f.endsWith(".bin"));

describe("cachedToolIndex", () => {
  it("saves one piece per server and reads them all back the next time, ranking exactly as a fresh build", () => {
    const first = cachedToolIndex(tools, { dir });
    expect({ source: first.source, pieces: first.pieces, files: files().length }).toEqual({
      source: "built",
      pieces: { file: 0, built: servers.length },
      files: servers.length,
    });
    const second = cachedToolIndex(tools, { dir });
    expect({ source: second.source, pieces: second.pieces }).toEqual({
      source: "file",
      pieces: { file: servers.length, built: 0 },
    });
    expect(results(first.index)).toEqual(expected);
    expect(results(second.index)).toEqual(expected);
  });

  it("does not depend on the order the registry lists the tools in", () => {
    cachedToolIndex(tools, { dir });
    const reversed = cachedToolIndex([...tools].reverse(), { dir });
    expect({ source: reversed.source, results: results(reversed.index) }).toEqual({
      source: "file",
      results: expected,
    });
  });

  it.each([
    [
      "one server's tool changed",
      (ts: SearchableTool[]) =>
        ts.map((t) =>
          t.server === big1 && t === ts.find((x) => x.server === big1)
            ? { ...t, description: `${t.description} Also zorblaxes.` }
            : t,
        ),
      1,
    ],
    ["one server removed", (ts: SearchableTool[]) => ts.filter((t) => t.server !== big2), 0],
    [
      "one server added",
      (ts: SearchableTool[]) => [
        ...ts,
        ...ts
          .filter((t) => t.server === big1)
          .map((t) => ({ ...t, server: "extra", name: t.name.replace(`__${big1}__`, "__extra__") })),
      ],
      1,
    ],
  ])("rebuilds only the piece of the server that changed: %s", (_label, change, rebuilt) => {
    cachedToolIndex(tools, { dir });
    const changed = change(tools);
    const again = cachedToolIndex(changed, { dir });
    const groups = new Set(changed.map((t) => t.server ?? "")).size;
    expect(again.pieces).toEqual({ file: groups - rebuilt, built: rebuilt });
    // Whole results equal a fresh build over the changed tools.
    expect(results(again.index)).toEqual(results(buildToolIndex(changed)));
    // The earlier piece is kept: going back reads everything from files.
    expect(cachedToolIndex(tools, { dir }).pieces).toEqual({ file: servers.length, built: 0 });
  });

  it("finds a changed tool by its new text", () => {
    cachedToolIndex(tools, { dir });
    const first = tools.find((t) => t.server === big1)!;
    const changed = tools.map((t) =>
      t === first ? { ...t, description: `${t.description} Zorblaxes.` } : t,
    );
    const again = cachedToolIndex(changed, { dir });
    expect(again.index.search("zorblaxes", { limit: 1 }).map((h) => h.name)).toEqual([first.name]);
  });

  it.each([
    ["garbage", () => Buffer.from("not an index at all")],
    ["a truncated file", (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ["an empty file", () => Buffer.alloc(0)],
    ["an older file format", (b: Buffer) => withUint32(b, 4, 1)],
    ["a doc number out of range", (b: Buffer) => corruptDoc(b)],
    ["another file's content", (b: Buffer, other: Buffer) => other],
  ])("ignores %s in a piece and rebuilds that piece only", (_label, damage) => {
    cachedToolIndex(tools, { dir });
    const [name, otherName] = files();
    const file = join(dir, name!);
    writeFileSync(file, damage(readFileSync(file), readFileSync(join(dir, otherName!))));
    const rebuilt = cachedToolIndex(tools, { dir });
    expect({ source: rebuilt.source, pieces: rebuilt.pieces, results: results(rebuilt.index) }).toEqual({
      source: "built",
      pieces: { file: servers.length - 1, built: 1 },
      results: expected,
    });
    expect(cachedToolIndex(tools, { dir }).source).toBe("file");
  });

  it("still searches when the cache folder cannot be written", () => {
    const notADir = join(dir, "file");
    writeFileSync(notADir, "x");
    const r = cachedToolIndex(tools, { dir: join(notADir, "search") });
    expect({ source: r.source, results: results(r.index) }).toEqual({ source: "memory", results: expected });
  });

  it("keeps a small tool set in memory only", () => {
    const r = cachedToolIndex(tools.slice(0, 50), { dir });
    expect({ source: r.source, files: files() }).toEqual({ source: "memory", files: [] });
  });

  it("removes the files of the earlier one-file-per-tool-set layout", () => {
    writeFileSync(join(dir, "index-0123456789abcdef0123456789abcdef.bin"), "old");
    cachedToolIndex(tools, { dir });
    expect(files().filter((f) => f.startsWith("index-"))).toEqual([]);
  });
});

describe("IndexCache", () => {
  it("saves, when asked, only the pieces of its last index: not a server's earlier tools", () => {
    const cache = new IndexCache({ dir });
    const old = tools.map((t) => (t.server === big1 ? { ...t, description: "old text" } : t));
    cache.index(old);
    const r = cache.index(tools);
    expect({ pieces: r.pieces, files: files() }).toEqual({
      pieces: { file: 0, built: servers.length },
      files: [],
    });
    expect(results(r.index)).toEqual(expected);
    expect(cache.save()).toBe(true);
    const oldKey = Buffer.from(pieceKey(sortByName(old.filter((t) => t.server === big1))))
      .toString("hex")
      .slice(0, 32);
    const keys = new Set(files().map((f) => f.slice("piece-".length, -".bin".length)));
    expect({ count: keys.size, hasOld: keys.has(oldKey) }).toEqual({ count: servers.length, hasOld: false });
    expect(cache.save()).toBe(false);
  });
});

describe("pieces", () => {
  /** Every term's postings (as plain arrays) and a few prefix look-ups: what a query can ask of `data`. */
  const asked = (data: Bm25, vocabulary: readonly string[]) => ({
    postings: Object.fromEntries(
      vocabulary.map((t) => {
        const p = data.get(t);
        return [t, p === undefined ? null : { docs: [...p.docs], scores: [...p.scores] }];
      }),
    ),
    prefixes: ["cre", "list", "get", "pull", "sc", "a", "zzz"].map((q) => data.withPrefix(q, 20)),
  });
  const vocabularyOf = (pieces: readonly Bm25Piece[]) => [...new Set(pieces.flatMap((p) => p.terms))].sort();

  it("joined, give exactly the postings of one build over all the tools", () => {
    const byServer = servers.map((s) => tools.filter((t) => (t.server ?? "") === s));
    const pieces = byServer.map((g) => buildIndexPiece(g));
    const vocabulary = vocabularyOf(pieces);
    expect(asked(finishBm25(pieces.map((piece) => ({ piece }))), vocabulary)).toEqual(
      asked(buildIndexData(byServer.flat()), vocabulary),
    );
  });

  it("are the same built with one term table shared by every server's piece", () => {
    const byServer = servers.map((s) => tools.filter((t) => (t.server ?? "") === s));
    const table = sharedTermTable();
    // Twice over: the second round finds every word and text already split.
    for (const round of [1, 2]) {
      expect({ round, pieces: byServer.map((g) => buildIndexPiece(g, table())) }).toEqual({
        round,
        pieces: byServer.map((g) => buildIndexPiece(g)),
      });
    }
  });

  it("score each term as BM25F over its docs' field counts", () => {
    const docs = tools.slice(0, 120);
    const table = termTable();
    const fields = docs.map((t) => fieldTerms(t, table));
    const data = finishBm25([{ piece: bm25Piece(fields, table.terms) }]);
    const avg = FIELDS.map((f) => fields.reduce((n, d) => n + d[f].length, 0) / docs.length || 1);
    const checked = [...new Set(fields.flatMap((d) => d.name))].slice(0, 40);
    for (const id of checked) {
      const term = table.terms[id]!;
      const holding = fields.flatMap((d, i) => (FIELDS.some((f) => d[f].includes(id)) ? [i] : []));
      const idf = Math.log(1 + (docs.length - holding.length + 0.5) / (holding.length + 0.5));
      const want = holding.map((i) => {
        const tf = FIELDS.reduce((sum, f, k) => {
          const { weight, b } = FIELD_SPEC[f];
          const count = fields[i]![f].filter((x) => x === id).length;
          return sum + (count * weight) / (1 - b + (b * fields[i]![f].length) / avg[k]!);
        }, 0);
        return (idf * tf) / (BM25_K1 + tf);
      });
      const got = data.get(term)!;
      expect([...got.docs]).toEqual(holding);
      got.scores.forEach((s, k) => expect(s).toBeCloseTo(want[k]!, 9));
    }
  });

  it("keep their terms in code-unit order", () => {
    const { terms } = buildIndexPiece(tools.slice(0, 300));
    expect(terms).toEqual([...terms].sort());
  });
});

describe("encodePiece / decodePiece", () => {
  const small: SearchableTool[] = tools.slice(0, 30);
  const piece = buildIndexPiece(small);
  const key = new Uint8Array(32).fill(7);

  it("round-trips a piece", () => {
    expect(decodePiece(encodePiece(piece, key), key)).toEqual(piece);
  });

  it("refuses another key", () => {
    expect(decodePiece(encodePiece(piece, key), new Uint8Array(32).fill(8))).toBeNull();
  });

  it("reads a file that came back at an unaligned offset", () => {
    const bytes = encodePiece(piece, key);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(decodePiece(shifted.subarray(3), key)).toEqual(piece);
  });
});

function withUint32(b: Buffer, at: number, v: number): Buffer {
  const out = Buffer.from(b);
  out.writeUInt32LE(v, at);
  return out;
}

/** The first entry's doc number set past the piece's last doc. */
function corruptDoc(b: Buffer): Buffer {
  const headerLen = b.readUInt32LE(8);
  const header = JSON.parse(b.subarray(44, 44 + headerLen).toString("utf8")) as {
    docs: number;
    fields: number;
    terms: string[];
  };
  const align = (n: number) => Math.ceil(n / 8) * 8;
  const lengthsAt = align(44 + headerLen);
  const termStartAt = align(lengthsAt + header.docs * header.fields * 4);
  const entryDocAt = align(termStartAt + (header.terms.length + 1) * 4);
  return withUint32(b, entryDocAt, 1_000_000);
}
