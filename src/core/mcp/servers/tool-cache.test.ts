import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerLists } from "./state.js";
import { ToolCache } from "./tool-cache.js";

const lists = (names: string[]): ServerLists => ({
  tools: names.map((name) => ({ name, inputSchema: { type: "object" } })),
  skippedTools: [],
  resources: [],
  templates: [],
  prompts: [],
  notes: [],
  fromCache: false,
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "codeagent-cache-"));
  dirs.push(d);
  return join(d, "tools");
}

describe("ToolCache", () => {
  it("gives back what an earlier session wrote, marked as coming from the cache", () => {
    const dir = tempDir();
    new ToolCache(dir).write("k", lists(["a", "b"]));
    expect(new ToolCache(dir).read("k")).toEqual({ ...lists(["a", "b"]), fromCache: true });
  });

  it("ignores a missing or malformed file", () => {
    const dir = tempDir();
    const cache = new ToolCache(dir);
    cache.write("other", lists(["a"]));
    writeFileSync(join(dir, "bad.json"), "{not json");
    writeFileSync(join(dir, "shape.json"), JSON.stringify({ tools: "nope" }));
    expect([cache.read("missing"), cache.read("bad"), cache.read("shape")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("does not rewrite the file when the lists are unchanged, and does when they change", () => {
    const dir = tempDir();
    const file = join(dir, "k.json");
    new ToolCache(dir).write("k", lists(["a"]));
    const first = statSync(file).ino;
    // A new session: reads the cache, then the server answers with the same tools.
    const session = new ToolCache(dir);
    session.read("k");
    session.write("k", lists(["a"]));
    const unchanged = statSync(file).ino;
    session.write("k", lists(["a", "b"]));
    const changed = statSync(file).ino;
    expect([unchanged === first, changed === first]).toEqual([true, false]);
    expect(new ToolCache(dir).read("k")?.tools.map((t) => t.name)).toEqual(["a", "b"]);
  });

  it("keeps the protocol-era verdict next to the lists, and drops one it cannot use (§14)", () => {
    const dir = tempDir();
    const discover = { supportedVersions: ["2026-07-28"], capabilities: { tools: {} } };
    new ToolCache(dir).write("modern", { ...lists(["a"]), verdict: { kind: "modern", discover } as never });
    new ToolCache(dir).write("legacy", { ...lists(["a"]), verdict: { kind: "legacy" } });
    writeFileSync(join(dir, "odd.json"), JSON.stringify({ ...lists(["a"]), verdict: { kind: "modern" } }));
    const cache = new ToolCache(dir);
    expect([
      cache.read("modern")?.verdict,
      cache.read("legacy")?.verdict,
      cache.read("odd")?.verdict,
    ]).toEqual([{ kind: "modern", discover }, { kind: "legacy" }, undefined]);
  });

  it("keeps the cache hints with the lists; malformed or hostile ones are dropped or clamped (§14)", () => {
    const dir = tempDir();
    const tools = { ttlMs: 60_000, scope: "public" as const, receivedAt: 1000 };
    new ToolCache(dir).write("k", { ...lists(["a"]), hints: { tools } });
    writeFileSync(
      join(dir, "odd.json"),
      JSON.stringify({
        ...lists(["a"]),
        hints: {
          tools: { ttlMs: 1e30, scope: "everyone", receivedAt: 5 },
          resources: { ttlMs: 10, scope: "public" },
          prompts: "soon",
        },
      }),
    );
    const cache = new ToolCache(dir);
    expect([cache.read("k")?.hints, cache.read("odd")?.hints]).toEqual([
      { tools },
      { tools: { ttlMs: 86_400_000, scope: "private", receivedAt: 5 } },
    ]);
  });

  it("forgetPrivate drops only the named server's lists that it marked private", () => {
    const dir = tempDir();
    const hint = (scope: "public" | "private") => ({ tools: { ttlMs: 60_000, scope, receivedAt: 1 } });
    const cache = new ToolCache(dir);
    cache.write("mine-private", { ...lists(["a"]), hints: hint("private") }, "s");
    cache.write("mine-public", { ...lists(["a"]), hints: hint("public") }, "s");
    cache.write("mine-2025", lists(["a"]), "s");
    cache.write("other-private", { ...lists(["a"]), hints: hint("private") }, "t");
    expect(cache.forgetPrivate("s")).toEqual([join(dir, "mine-private.json")]);
    expect(
      ["mine-private", "mine-public", "mine-2025", "other-private"].map((k) => cache.read(k) !== undefined),
    ).toEqual([false, true, true, true]);
    expect(new ToolCache(join(dir, "missing")).forgetPrivate("s")).toEqual([]);
  });
});
