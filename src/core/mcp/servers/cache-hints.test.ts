import { describe, expect, it } from "vitest";
import {
  MAX_TTL_MS,
  cachedToolsServable,
  clampTtl,
  combineHints,
  describeHint,
  isFresh,
  listsToFetch,
  listsToRevalidate,
  readCacheHint,
  type CacheHint,
} from "./cache-hints.js";

const hint = (ttlMs: number, receivedAt = 1000, scope: "public" | "private" = "public"): CacheHint => ({
  ttlMs,
  scope,
  receivedAt,
});

describe("clampTtl", () => {
  it.each([
    [300_000, 300_000],
    [0, 0],
    [-5, 0],
    [1.9, 1],
    [MAX_TTL_MS + 1, MAX_TTL_MS],
    [Number.MAX_SAFE_INTEGER, MAX_TTL_MS],
    [Infinity, 0],
    [NaN, 0],
    ["60000", 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
  ] as const)("%s → %s", (v, want) => {
    expect(clampTtl(v)).toBe(want);
  });
});

describe("readCacheHint", () => {
  it.each([
    ["a 2025-era result", { tools: [] }, undefined],
    ["not an object", "text", undefined],
    ["both fields", { ttlMs: 5000, cacheScope: "public" }, { ttlMs: 5000, scope: "public", receivedAt: 7 }],
    ["private", { ttlMs: 5000, cacheScope: "private" }, { ttlMs: 5000, scope: "private", receivedAt: 7 }],
    [
      "an unknown scope reads as private",
      { ttlMs: 5000, cacheScope: "everyone" },
      { ttlMs: 5000, scope: "private", receivedAt: 7 },
    ],
    ["a scope without ttl is stale", { cacheScope: "public" }, { ttlMs: 0, scope: "public", receivedAt: 7 }],
    ["a ttl without scope is private", { ttlMs: 10 }, { ttlMs: 10, scope: "private", receivedAt: 7 }],
    ["hostile ttl", { ttlMs: -1e300, cacheScope: "public" }, { ttlMs: 0, scope: "public", receivedAt: 7 }],
  ] as const)("%s", (_n, result, want) => {
    expect(readCacheHint(result, 7)).toEqual(want);
  });
});

describe("combineHints", () => {
  it.each([
    ["no hints at all", [undefined, undefined], undefined],
    ["one page", [hint(500)], hint(500)],
    ["the page that goes stale first wins", [hint(500, 1000), hint(100, 1200)], hint(300, 1000)],
    [
      "any private page makes the list private",
      [hint(500), hint(500, 1000, "private")],
      hint(500, 1000, "private"),
    ],
    [
      "a page without hints next to pages with them: stale, private",
      [hint(500), undefined],
      hint(0, 1000, "private"),
    ],
  ] as const)("%s", (_n, parts, want) => {
    expect(combineHints(parts)).toEqual(want);
  });
});

describe("freshness decisions", () => {
  it.each([
    ["inside the ttl", hint(500, 1000), 1499, true],
    ["at the end of the ttl", hint(500, 1000), 1500, false],
    ["ttl 0", hint(0, 1000), 1000, false],
    ["received in the future (clock set back)", hint(500, 5000), 1000, false],
    ["no hint", undefined, 1000, false],
  ] as const)("isFresh: %s", (_n, h, now, want) => {
    expect(isFresh(h, now)).toBe(want);
  });

  it("listsToFetch: fresh lists are used as cached; lists without hints (2025) or stale are fetched", () => {
    const cached = { tools: hint(60_000, 1000), resources: hint(10, 1000) };
    expect([...listsToFetch(cached, ["tools", "resources", "prompts"], 2000)]).toEqual([
      "resources",
      "prompts",
    ]);
    expect([...listsToFetch(undefined, ["tools"], 2000)]).toEqual(["tools"]);
  });

  it.each([
    ["tools cached by a 2025-era server", undefined, true],
    ["fresh tools", { tools: hint(60_000, 1000) }, true],
    ["stale tools", { tools: hint(500, 1000) }, false],
    ["ttl 0", { tools: hint(0, 1000) }, false],
  ] as const)("cachedToolsServable: %s", (_n, cached, want) => {
    expect(cachedToolsServable(cached, 2000)).toBe(want);
  });

  it("listsToRevalidate: stale lists with hints, not more often than every 10 s; none without hints", () => {
    const hints = { tools: hint(0, 0), resources: hint(0, 15_000), prompts: hint(60_000, 0) };
    expect([...listsToRevalidate(hints, 20_000)]).toEqual(["tools"]);
    expect([...listsToRevalidate(hints, 70_000)]).toEqual(["tools", "resources", "prompts"]);
    expect([...listsToRevalidate(undefined, 70_000)]).toEqual([]);
  });
});

describe("describeHint", () => {
  it.each([
    [hint(300_000), "tools/list: fresh for 5 min, public"],
    [hint(0, 0, "private"), "tools/list: immediately stale, private"],
    [hint(1500), "tools/list: fresh for 1.5 s, public"],
    [hint(MAX_TTL_MS), "tools/list: fresh for 24 h, public"],
  ] as const)("%j", (h, want) => {
    expect(describeHint("tools/list", h)).toBe(want);
  });
});
