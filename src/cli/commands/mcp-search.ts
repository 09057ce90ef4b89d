// `codeagent mcp search QUERY`: ranks every registered tool — built-in, ext_, MCP and virtual — against a
// task description (§15.1, §2.1). Servers whose tools are in the warm cache are searched from it without
// being started; only servers with nothing cached are started and waited for, at most the startup wait.
// What only the search needs (the built-in tools, ext_ tools, the index) is loaded once the servers have
// been spawned, while they start: loaded first, it held back every spawn by about half a second.
import { CodeagentError } from "../../core/errors.js";
import type { McpManager } from "../../core/mcp/manager.js";
import { paths } from "../../core/paths.js";
import type { SearchRow } from "../../core/host/search.js";
import type { ToolRegistry } from "../../core/tools/registry.js";
import type { ToolEntry } from "../../core/tools/types.js";
import type { SearchableTool } from "../../core/search/types.js";
import type { AskedQuery } from "../../core/search/asked.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import type { AssembledHost } from "../../core/host/create-host.js";
import { ListedPieces } from "./mcp-search-index.js";
import { renderTable } from "../table.js";

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new CodeagentError("USAGE", `--limit must be a whole number of at least 1, got "${raw}"`);
  }
  return n;
}

export async function mcpSearch(query: string, o: { limit?: string }, g: GlobalOptions) {
  const limit = parseLimit(o.limit);
  if (query.trim() === "")
    throw new CodeagentError("USAGE", 'give a query, e.g. codeagent mcp search "open a merge request"');
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  const dir = paths.searchIndexDir(ctx.env);
  // CODEAGENT_INDEX_THREAD=on|off decides where long lists are indexed (benchmarks and tests compare both).
  const thread = ctx.env.CODEAGENT_INDEX_THREAD;
  const listed = new ListedPieces(
    dir,
    thread === "on" || thread === "off" ? { thread: thread === "on" } : {},
  );
  const opts = {
    waitMs: 0,
    manager: {
      cachedOnly: true,
      keepListTexts: listed.useThread,
      // The tool cache is written once every list is in and registered (`flushCache`), not before.
      deferCacheWrites: true,
      ...(listed.useThread && { onListLine: listed.onListLine }),
    },
    // The index reads the servers' own schemas, never the sanitized ones: no schema is sanitized to register
    // its tool (5 000 schemas cost a quarter of a second), only those not certain to be accepted are, to leave
    // out the tools whose schema is refused, once the servers have answered (`settleSchemas`).
    bridge: { lazySchemas: "settle" as const },
    // A lookup compares the tools with their pins (what changed stays withheld) but does not record any: it is
    // not where definitions are trusted (§16, `ToolPinsOptions.record`).
    pins: { record: false },
    beforeStart: (host: AssembledHost) => listed.follow(host.manager),
  };
  await withServers(ctx, opts, async (m, _signal, host) => {
    const { registry } = host;
    // Cached lists register, and servers spawn, one event-loop turn after start.
    await new Promise<void>((r) => setImmediate(r));
    let search: SearchModules | undefined;
    // Each other server's piece of the index is read or built as its tools register, while others start.
    const prepare = (s: string) => {
      if (search !== undefined && m.has(s) && !listed.servers.has(s))
        search.prepare(registry.serverEntries(s));
    };
    // While the servers start: the host's own tools register and their piece is made, and the query is
    // read (tool-independent, §15.1); none of it waits for a server.
    let asked: AskedQuery | undefined;
    const problems: string[] = [];
    const modules = loadSearchModules(dir, listed).then((mods) => {
      search = mods;
      const saveDir = paths.outputsDir(ctx.env);
      mods.registerBuiltins(registry, { cwd: ctx.cwd, saveDir, env: ctx.env });
      for (const w of mods.registerExtTools(registry, {
        cwd: ctx.cwd,
        env: ctx.env,
        variables: ctx.variables,
        saveDir,
      }))
        problems.push(`tools: ${w}`);
      mods.prepare(registry.fixedTools());
      for (const s of m.names()) prepare(s);
      asked = mods.askedQuery(query);
      // The index thread starts once this is done: started alongside, the servers starting, this work and
      // the thread's own start were three threads on two cores, and every server answered later.
      if (m.names().some((s) => startingUncached(m, registry, s))) listed.prestart();
      return mods;
    });
    const onChanged = (server: string | undefined) => {
      if (server !== undefined) setImmediate(() => prepare(server));
    };
    registry.on("changed", onChanged);
    await waitForUncached(m, registry, ctx.startupWaitMs);
    // The servers' lists are in and registered. While the index thread finishes their pieces, the schemas not
    // certain to be accepted are checked, and the lists go to the tool cache.
    host.bridge.settleSchemas();
    m.flushCache();
    const mods = await modules;
    registry.off("changed", onChanged);
    for (const s of m.names()) {
      const snap = m.snapshot(s);
      const st = snap.state.status;
      if (st !== "ready" && registry.serverToolCount(s) === 0)
        problems.push(
          `${s}: ${st}${snap.error !== null ? ` — ${snap.error}` : ""} (its tools are not searched)`,
        );
    }
    await mods.adopt(listed, registry);
    // A server that registered since (late, or again) is checked too.
    host.bridge.settleSchemas();
    const index = mods.index(registry.entries());
    const rows = index.search(asked ?? query, { limit }).map(mods.searchRow);
    for (const p of problems) warn(p);
    await printResults(query, rows, ctx.json);
    // The results are out: the servers end and the new pieces of the index are keyed and saved meanwhile.
    const closing = host.close();
    await listed.close();
    mods.save();
    await closing;
  });
  return 0;
}

async function printResults(query: string, rows: SearchRow[], json: boolean): Promise<void> {
  if (json) {
    await printJson({ results: rows });
    return;
  }
  if (rows.length === 0) {
    await writeOut(`No tool matches "${query}".`);
    return;
  }
  await writeOut(
    renderTable(
      ["TOOL", "SCORE", "DESCRIPTION"],
      rows.map((r) => [r.name, r.score.toFixed(2), r.description]),
      { maxCell: 100 },
    ),
  );
}

/** Waits (bounded by the startup wait) only for starting servers that have no tools registered yet. */
async function waitForUncached(m: McpManager, registry: ToolRegistry, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  const pending = m.names().filter((s) => startingUncached(m, registry, s));
  await Promise.all(pending.map((s) => m.waitForServer(s, Math.max(0, deadline - Date.now()))));
}

function startingUncached(m: McpManager, registry: ToolRegistry, server: string): boolean {
  return m.snapshot(server).state.status === "starting" && registry.serverToolCount(server) === 0;
}

type SearchModules = Awaited<ReturnType<typeof loadSearchModules>>;

/**
 * The modules only the search uses, imported in parallel, and the index cache of this search: registry
 * entries become searchable tools once each (a server's piece is prepared early and found again at the end).
 */
async function loadSearchModules(dir: string, listed: ListedPieces) {
  const [builtin, ext, cacheModule, searchable, hostSearch, asked] = await Promise.all([
    import("../../core/tools/builtin/index.js"),
    import("../../core/tools/ext-http.js"),
    import("../../core/search/index-cache.js"),
    import("../../core/tools/searchable.js"),
    import("../../core/host/search.js"),
    import("../../core/search/asked.js"),
  ]);
  const cache = new cacheModule.IndexCache({ dir });
  const seen = new WeakMap<ToolEntry, SearchableTool>();
  const asSearchable = (e: ToolEntry) => {
    let t = seen.get(e);
    if (t === undefined) {
      t = listed.servedAs(e) ?? searchable.toSearchable(e);
      seen.set(e, t);
    }
    return t;
  };
  return {
    askedQuery: asked.askedQuery,
    registerBuiltins: builtin.registerBuiltins,
    registerExtTools: ext.registerExtTools,
    searchRow: hostSearch.searchRow,
    prepare: (entries: readonly ToolEntry[]) => cache.prepare(entries.map(asSearchable)),
    adopt: (listed: ListedPieces, registry: ToolRegistry) => listed.adoptInto(cache, registry),
    // The index of the same tools as last time is read from disk instead of built (§15.1).
    index: (entries: readonly ToolEntry[]) => cache.index(entries.map(asSearchable)).index,
    save: () => cache.save(),
  };
}
