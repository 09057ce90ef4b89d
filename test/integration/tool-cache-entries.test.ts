// A server whose cached lists were registered at start and that then lists the same tools keeps those entries:
// the tools are built once, not a second time when the server answers (the peak memory of a start with a tool
// cache). A listing that differs from the cache is registered anew.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AssembledHost } from "../../src/core/host/create-host.js";
import { paths } from "../../src/core/paths.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";
import { hostFor } from "../helpers/manager.js";

const hosts: AssembledHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

const servers = { slow: nodeServer("slow-start.mjs", { SLOW_START_MS: "800" }) };
const TOOL = "mcp__slow__echo";

async function cachedStart(sb: Sandbox) {
  const first = hostFor(sb, servers);
  hosts.push(first);
  await first.start({ waitMs: 15_000 });
  expect(first.manager.snapshot("slow").state.status).toBe("ready");
  await first.close();
  const h = hostFor(sb, servers);
  hosts.push(h);
  await h.start({ waitMs: 0 });
  const s = h.manager.snapshot("slow");
  expect([s.state.status, s.lists.fromCache]).toEqual(["starting", true]);
  const fromCache = { entry: h.registry.get(TOOL), tools: s.lists.tools };
  await h.manager.waitForServer("slow", 15_000);
  expect(h.manager.snapshot("slow").state.status).toBe("ready");
  return { h, fromCache };
}

describe("a start with a tool cache", () => {
  it("keeps the entries registered from the cache when the server lists the same tools", async () => {
    const { h, fromCache } = await cachedStart(sandbox());
    const live = h.manager.snapshot("slow").lists;
    expect(live.fromCache).toBe(false);
    expect(live.tools).toBe(fromCache.tools);
    expect(h.registry.get(TOOL)).toBe(fromCache.entry);
    const r = await h.callTool(TOOL, { text: "still served" });
    expect(r.content).toEqual([{ type: "text", text: "still served" }]);
  });

  it("registers the live tools when they differ from the cache", async () => {
    const sb = sandbox();
    const seed = hostFor(sb, servers);
    hosts.push(seed);
    await seed.start({ waitMs: 15_000 });
    await seed.close();
    // The cache says something else than the server will: a tool it no longer has.
    const dir = paths.toolCacheDir(sb.env);
    const [file] = readdirSync(dir).filter((n) => n.endsWith(".json"));
    const path = join(dir, file!);
    const cached = JSON.parse(readFileSync(path, "utf8")) as { tools: unknown[] };
    cached.tools.push({ name: "gone", description: "Removed since", inputSchema: { type: "object" } });
    writeFileSync(path, JSON.stringify(cached));
    const h = hostFor(sb, servers);
    hosts.push(h);
    await h.start({ waitMs: 0 });
    const echo = h.registry.get(TOOL);
    expect([echo?.name, h.registry.get("mcp__slow__gone")?.name]).toEqual([TOOL, "mcp__slow__gone"]);
    await h.manager.waitForServer("slow", 15_000);
    expect(h.registry.get("mcp__slow__gone")).toBeUndefined();
    expect(h.registry.get(TOOL)).not.toBe(echo);
    expect(readFileSync(path, "utf8")).not.toContain("Removed since");
  });
});
