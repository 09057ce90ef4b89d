// 2026-07-28 cache hints (§4.3, §14) through the manager, against a modern-only SDK v2 server that sends them
// (test/fixtures/servers/modern-hints.mjs) and records every request it receives: a list still fresh by its
// hint is not fetched again (at a new session's start, at a restart), a stale one is, `refresh` always lists,
// in-session lists are listed again once stale, and a one-shot lookup serves cached tools only while fresh.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ManagerOptions, McpManager } from "../../src/core/mcp/servers/manager.js";
import { fixture, nodeServer, sandbox, type Sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

interface Setup {
  sb: Sandbox;
  requests: () => string[];
  lists: () => number;
  setTools: (names: string[]) => void;
  start: (extra?: Partial<ManagerOptions>) => Promise<McpManager>;
}

function setup(env: { TTL_MS?: string; SCOPE?: string }): Setup {
  const sb = sandbox();
  const log = join(sb.dir, "requests.log");
  const tools = join(sb.dir, "tools.txt");
  writeFileSync(log, "");
  writeFileSync(tools, "");
  const server = nodeServer(
    "modern-hints.mjs",
    { ...env, REQUEST_LOG: log, TOOLS_FILE: tools },
    { args: [fixture("modern-hints.mjs"), "stdio"] },
  );
  const requests = () => readFileSync(log, "utf8").split("\n").filter(Boolean);
  return {
    sb,
    requests,
    lists: () => requests().filter((r) => r === "tools/list").length,
    setTools: (names) => writeFileSync(tools, names.join(",")),
    start: async (extra = {}) => {
      const m = managerFor(sb, { h: server }, extra);
      managers.push(m);
      await m.start({ waitMs: 20_000 });
      return m;
    },
  };
}

const toolNames = (m: McpManager) =>
  m
    .snapshot("h")
    .lists.tools.map((t) => t.name)
    .sort();
const logText = (m: McpManager) =>
  m
    .log("h")
    .lines()
    .map((l) => l.text);

describe("cache hints of a 2026-07-28 server", () => {
  it("records the hint of each list, says so in the log, and keeps it with the warm cache", async () => {
    const s = setup({ TTL_MS: "600000", SCOPE: "public" });
    const m = await s.start();
    const hints = m.snapshot("h").lists.hints;
    expect(hints?.tools).toEqual({ ttlMs: 600_000, scope: "public", receivedAt: expect.any(Number) });
    expect(hints?.resources).toEqual({ ttlMs: 600_000, scope: "public", receivedAt: expect.any(Number) });
    expect(logText(m)).toContain("cache hint tools/list: fresh for 10 min, public");
  });

  it("a new session uses lists still fresh by their hint without listing them again", async () => {
    const s = setup({ TTL_MS: "600000", SCOPE: "public" });
    const first = await s.start();
    expect(s.lists()).toBe(1);
    await first.shutdown();
    // What the server would list now differs: a fresh hint means the cached list is used anyway.
    s.setTools(["extra"]);
    const second = await s.start();
    expect(second.snapshot("h").state.status).toBe("ready");
    expect([s.lists(), toolNames(second)]).toEqual([1, ["ask-then-wait", "echo", "wait"]]);
    expect(logText(second)).toContainEqual(
      expect.stringMatching(/^tools from the cache, fresh for another \d+ s \(cache hint\)$/),
    );
    // Calls work on the connection that skipped the listing.
    expect((await second.callTool("h", "echo", { text: "still here" })).content).toEqual([
      { type: "text", text: "still here" },
    ]);
    // refresh clears the caches: everything is listed again, whatever the hints say.
    await second.refresh("h", { waitMs: 20_000 });
    expect([s.lists(), toolNames(second)]).toEqual([2, ["ask-then-wait", "echo", "extra", "wait"]]);
  });

  it("a stale hint (ttlMs 0, the SDK's default) lists again at the next start", async () => {
    const s = setup({});
    await (await s.start()).shutdown();
    s.setTools(["extra"]);
    const second = await s.start();
    expect(second.snapshot("h").lists.hints?.tools).toMatchObject({ ttlMs: 0, scope: "private" });
    expect([s.lists(), toolNames(second)]).toEqual([2, ["ask-then-wait", "echo", "extra", "wait"]]);
  });

  it("a one-shot lookup (cachedOnly) answers from fresh cached tools, and starts the server for stale ones", async () => {
    const fresh = setup({ TTL_MS: "600000", SCOPE: "public" });
    await (await fresh.start()).shutdown();
    const lookup = await fresh.start({ cachedOnly: true });
    expect([lookup.snapshot("h").state.status, lookup.snapshot("h").lists.fromCache, fresh.lists()]).toEqual([
      "starting",
      true,
      1,
    ]);

    const stale = setup({ TTL_MS: "0", SCOPE: "public" });
    await (await stale.start()).shutdown();
    const again = await stale.start({ cachedOnly: true });
    expect([again.snapshot("h").state.status, stale.lists()]).toEqual(["ready", 2]);
    expect(logText(again)).toContain(
      "the cached tools are stale by their cache hint; starting the server to list them again",
    );
  });

  it("in a session, a stale list is listed again when the session next needs it, not before", async () => {
    const s = setup({ TTL_MS: "1000", SCOPE: "private" });
    const m = await s.start();
    m.revalidate();
    await m.listsSettled("h");
    expect(s.lists()).toBe(1);
    // Once stale (and past the shortest gap between two listings), the next revalidate lists again.
    await expect
      .poll(
        async () => {
          m.revalidate();
          await m.listsSettled("h");
          return s.lists();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(2);
    // The same lists: nothing changed for the session, and no "list changed" line.
    expect(logText(m).filter((l) => l.startsWith("list changed"))).toEqual([]);
  });
});

describe("a 2025-era server", () => {
  it("has no hints, and its lists are fetched at every start as before", async () => {
    const sb = sandbox();
    const m = managerFor(sb, { e: nodeServer("echo.mjs") });
    managers.push(m);
    await m.start({ waitMs: 20_000 });
    expect(m.snapshot("e").lists.hints).toBeUndefined();
    expect(logText2(m, "e").some((l) => l.startsWith("cache hint"))).toBe(false);
  });
});

const logText2 = (m: McpManager, name: string) =>
  m
    .log(name)
    .lines()
    .map((l) => l.text);
