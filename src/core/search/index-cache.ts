// The search index kept on disk (§15.1), next to the tool cache under $CODEAGENT_HOME: a warm `mcp search`
// or the agent's first `search_tools` reads the postings instead of tokenizing every description again.
// One file per tool set, named by a hash of the tools and of everything that shapes the postings, so a
// changed tool, field weight or tokenizer never reads an old file; a file that does not decode is rebuilt
// and replaced. Persisting is an optimisation: when the folder cannot be read or written, the index is built
// in memory as before.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { BM25_K1 } from "./bm25.js";
import { FIELD_SPEC } from "./fields.js";
import { STOP_WORDS } from "./tokenize.js";
import { buildIndexData, toolIndexFrom } from "./index.js";
import { decodeIndex, encodeIndex, INDEX_FILE_FORMAT } from "./index-file.js";
import type { SearchableTool, ToolIndex } from "./types.js";

/**
 * Bump whenever what an index term is changes (splitting, stemming, what is indexed): the key covers the
 * tools, the stop words, the field weights and the file layout, not the code that turns text into terms.
 */
export const INDEX_VERSION = 1;
/** Below this many tools a build takes a few milliseconds: not worth a file. */
const MIN_TOOLS = 200;
/** Index files kept (most recently used first); one per distinct tool set, e.g. per project. */
const KEEP = 4;
const PREFIX = "index-";
const SUFFIX = ".bin";

export interface IndexCacheOptions {
  /** Folder of the index files (`paths.searchIndexDir`). */
  dir: string;
  /** Tool sets smaller than this are built in memory only (default 200). */
  minTools?: number;
}

export interface CachedIndex {
  index: ToolIndex;
  /** Where the postings came from: the file, a fresh build that was saved, or a build kept in memory. */
  source: "file" | "built" | "memory";
}

/**
 * The index over `tools`, from `dir` when a file for exactly these tools is there. Results do not depend
 * on the order of `tools` (they are indexed by registered name).
 */
export function cachedToolIndex(tools: readonly SearchableTool[], opts: IndexCacheOptions): CachedIndex {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (sorted.length < (opts.minTools ?? MIN_TOOLS))
    return { index: toolIndexFrom(sorted, buildIndexData(sorted)), source: "memory" };
  const key = indexKey(sorted);
  const file = join(opts.dir, `${PREFIX}${Buffer.from(key).toString("hex").slice(0, 32)}${SUFFIX}`);
  const loaded = readIndexFile(file, sorted.length, key);
  if (loaded !== null) return { index: toolIndexFrom(sorted, loaded), source: "file" };
  const data = buildIndexData(sorted);
  const index = toolIndexFrom(sorted, data);
  try {
    // No fsync: a file that did not reach the disk whole fails to decode and is rebuilt.
    writeFileAtomic(file, encodeIndex(data, sorted.length, key), { durable: false });
    prune(opts.dir, file);
    return { index, source: "built" };
  } catch {
    // A read-only or full home: the index works all the same, it is only built again next time.
    return { index, source: "memory" };
  }
}

/** SHA-256 over the tools and what shapes their postings. */
export function indexKey(sorted: readonly SearchableTool[]): Uint8Array {
  const h = createHash("sha256");
  h.update(
    JSON.stringify({
      v: INDEX_VERSION,
      f: INDEX_FILE_FORMAT,
      k1: BM25_K1,
      fields: FIELD_SPEC,
      stop: STOP_WORDS,
    }),
  );
  for (const t of sorted) {
    h.update("\u0000");
    h.update(JSON.stringify([t.name, t.server ?? null, t.tool ?? null, t.description, t.parameters ?? []]));
  }
  return h.digest();
}

function readIndexFile(file: string, docs: number, key: Uint8Array) {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const data = decodeIndex(bytes, docs, key);
  if (data !== null) {
    // Used now: pruning keeps the most recently used files.
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // A read-only cache still serves.
    }
  }
  return data;
}

/** Keeps the KEEP most recently used index files, `keep` (just written) always among them. */
function prune(dir: string, keep: string): void {
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX))
    .map((f) => join(dir, f))
    .filter((f) => f !== keep)
    .map((f) => ({ f, t: mtimeOf(f) }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(KEEP - 1)) rmSync(f, { force: true });
}

function mtimeOf(f: string): number {
  try {
    return statSync(f).mtimeMs;
  } catch {
    return 0;
  }
}
