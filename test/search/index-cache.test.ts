// The persisted search index (§15.1): a second search over the same tools reads the postings from disk and
// ranks exactly as a fresh build; a changed tool set, a damaged or old file, or a cache folder that cannot be
// written never give a wrong index.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedToolIndex } from "../../src/core/search/index-cache.js";
import { decodeIndex, encodeIndex } from "../../src/core/search/index-file.js";
import { buildIndexData, buildToolIndex, type SearchableTool } from "../../src/core/search/index.js";
import { catalogueTools } from "./catalogue.js";

const tools = catalogueTools();
const QUERIES = [
  "open a merge request from my branch",
  "take a screenshot of the page",
  "create issue gitlab",
  "kubectl logs",
  "mcp__github__",
  "slack_post_message",
  "delete the feature flag",
];
const fresh = buildToolIndex(tools);
const expected = QUERIES.map((q) => fresh.search(q, { limit: 10 }));
const results = (index: ReturnType<typeof buildToolIndex>) =>
  QUERIES.map((q) => index.search(q, { limit: 10 }));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "codeagent-index-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});
const files = () => readdirSync(dir).filter((f) => f.endsWith(".bin"));

describe("cachedToolIndex", () => {
  it("saves the index once and reads it back the next time, ranking exactly as a fresh build", () => {
    const first = cachedToolIndex(tools, { dir });
    expect({ source: first.source, files: files().length }).toEqual({ source: "built", files: 1 });
    const second = cachedToolIndex(tools, { dir });
    expect(second.source).toBe("file");
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

  it("builds anew when a tool changed, and keeps the other tool set's file", () => {
    cachedToolIndex(tools, { dir });
    const changed = tools.map((t, i) =>
      i === 0 ? { ...t, description: `${t.description} Also zorblaxes.` } : t,
    );
    const again = cachedToolIndex(changed, { dir });
    expect({ source: again.source, files: files().length }).toEqual({ source: "built", files: 2 });
    expect(again.index.search("zorblaxes", { limit: 1 }).map((h) => h.name)).toEqual([tools[0]!.name]);
    expect(cachedToolIndex(tools, { dir }).source).toBe("file");
  });

  it.each([
    ["garbage", () => Buffer.from("not an index at all")],
    ["a truncated file", (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ["an empty file", () => Buffer.alloc(0)],
    ["an older file format", (b: Buffer) => withUint32(b, 4, 0)],
    ["a doc number out of range", (b: Buffer) => corruptDoc(b)],
  ])("ignores %s and rebuilds it", (_label, damage) => {
    cachedToolIndex(tools, { dir });
    const [name] = files();
    const file = join(dir, name!);
    writeFileSync(file, damage(readFileSync(file)));
    const rebuilt = cachedToolIndex(tools, { dir });
    expect({ source: rebuilt.source, results: results(rebuilt.index) }).toEqual({
      source: "built",
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

  it("keeps the four most recently used files", () => {
    for (let i = 0; i < 6; i++) cachedToolIndex(tools.slice(i), { dir });
    expect(files().length).toBe(4);
    expect(cachedToolIndex(tools.slice(5), { dir }).source).toBe("file");
    expect(cachedToolIndex(tools.slice(0), { dir }).source).toBe("built");
  });
});

describe("encodeIndex / decodeIndex", () => {
  const small: SearchableTool[] = tools.slice(0, 30);
  const data = buildIndexData(small);
  const key = new Uint8Array(32).fill(7);

  it("round-trips the postings", () => {
    const back = decodeIndex(encodeIndex(data, small.length, key), small.length, key);
    expect(back).toEqual(data);
  });

  it("refuses another key or another number of tools", () => {
    const bytes = encodeIndex(data, small.length, key);
    expect(decodeIndex(bytes, small.length, new Uint8Array(32).fill(8))).toBeNull();
    expect(decodeIndex(bytes, small.length + 1, key)).toBeNull();
  });

  it("reads a file that came back at an unaligned offset", () => {
    const bytes = encodeIndex(data, small.length, key);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(decodeIndex(shifted.subarray(3), small.length, key)).toEqual(data);
  });
});

function withUint32(b: Buffer, at: number, v: number): Buffer {
  const out = Buffer.from(b);
  out.writeUInt32LE(v, at);
  return out;
}

/** The first doc number of the postings set past the last tool. */
function corruptDoc(b: Buffer): Buffer {
  const headerLen = b.readUInt32LE(8);
  const docsAt = Math.ceil((44 + headerLen) / 8) * 8;
  return withUint32(b, docsAt, 1_000_000);
}
