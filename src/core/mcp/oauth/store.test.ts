import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FileOAuthStore, MemoryOAuthStore, OAUTH_RECHECK_MS, oauthDir, oauthFile } from "./store.js";

const tokens = { access_token: "at-1", token_type: "Bearer", refresh_token: "rt-1" };

describe("oauth files", () => {
  it("lives under $CODEAGENT_HOME/oauth, one file per server name and URL", () => {
    expect(oauthDir({ CODEAGENT_HOME: "/h/.ca" })).toBe("/h/.ca/oauth");
    const a = oauthFile("/d", "api", "https://a.example/mcp");
    expect(a).toMatch(/^\/d\/api-[0-9a-f]{12}\.json$/);
    expect(oauthFile("/d", "api", "https://b.example/mcp")).not.toBe(a);
    expect(oauthFile("/d", "api", "https://a.example/mcp")).toBe(a);
  });
});

describe("FileOAuthStore", () => {
  const dir = () => join(mkdtempSync(join(tmpdir(), "oauth-store-")), "oauth");

  it("writes the record with mode 0600 in a 0700 directory, with the server and URL it belongs to", () => {
    const d = dir();
    const s = FileOAuthStore.for(d, "api", "https://a.example/mcp");
    s.update((r) => ({ ...r, tokens }));
    expect(statSync(s.location).mode & 0o777).toBe(0o600);
    expect(statSync(d).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(s.location, "utf8"))).toEqual({
      tokens,
      server: "api",
      url: "https://a.example/mcp",
    });
  });

  it("sees a change made by another process (a login while a session runs) within a second", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const s = FileOAuthStore.for(dir(), "api", "https://a.example/mcp");
      s.update((r) => ({ ...r, tokens }));
      expect(s.read().tokens?.access_token).toBe("at-1");
      const other = FileOAuthStore.for(join(s.location, ".."), "api", "https://a.example/mcp");
      other.update((r) => ({ ...r, tokens: { ...tokens, access_token: "at-2-longer" } }));
      // Read a moment ago: trusted without looking at the file, for at most OAUTH_RECHECK_MS.
      expect(s.read().tokens?.access_token).toBe("at-1");
      vi.advanceTimersByTime(OAUTH_RECHECK_MS);
      expect(s.read().tokens?.access_token).toBe("at-2-longer");
    } finally {
      vi.useRealTimers();
    }
  });

  it("trusts a missing file for a second too: a login in another process shows within it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const s = FileOAuthStore.for(dir(), "api", "https://a.example/mcp");
      expect(s.read()).toEqual({});
      const other = FileOAuthStore.for(join(s.location, ".."), "api", "https://a.example/mcp");
      other.update((r) => ({ ...r, tokens }));
      expect(s.read()).toEqual({});
      vi.advanceTimersByTime(OAUTH_RECHECK_MS);
      expect(s.read().tokens?.access_token).toBe("at-1");
    } finally {
      vi.useRealTimers();
    }
  });

  it("always looks at the file under exclusive(), where a refresh must see another's new token", async () => {
    const s = FileOAuthStore.for(dir(), "api", "https://a.example/mcp");
    s.update((r) => ({ ...r, tokens }));
    expect(s.read().tokens?.access_token).toBe("at-1");
    const other = FileOAuthStore.for(join(s.location, ".."), "api", "https://a.example/mcp");
    other.update((r) => ({ ...r, tokens: { ...tokens, access_token: "at-2-longer" } }));
    expect(await s.exclusive(() => Promise.resolve(s.read().tokens?.access_token))).toBe("at-2-longer");
  });

  it("drops undefined fields, treats a damaged file as empty, and clears", () => {
    const s = FileOAuthStore.for(dir(), "api", "https://a.example/mcp");
    expect(s.read()).toEqual({});
    expect(s.clear()).toBe(false);
    s.update((r) => ({ ...r, tokens, codeVerifier: "v" }));
    s.update((r) => ({ ...r, codeVerifier: undefined }));
    expect(Object.keys(JSON.parse(readFileSync(s.location, "utf8")) as object).sort()).toEqual([
      "server",
      "tokens",
      "url",
    ]);
    writeFileSync(s.location, "{not json");
    expect(s.read()).toEqual({});
    expect(s.clear()).toBe(true);
    expect(s.read()).toEqual({});
  });
});

describe("MemoryOAuthStore", () => {
  it("keeps the record for this process only", () => {
    const s = new MemoryOAuthStore();
    s.update((r) => ({ ...r, tokens, stepUpScope: undefined }));
    expect(s.read()).toEqual({ tokens });
    expect(s.clear()).toBe(true);
    expect(s.read()).toEqual({});
  });
});
