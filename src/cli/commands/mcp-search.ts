// `codeagent mcp search QUERY`: ranks every registered tool — built-in, ext_, MCP and virtual — against a
// task description (§15.1, §2.1). Servers whose tools are in the warm cache are searched from it without
// being started; only servers with nothing cached are started and waited for, at most the startup wait.
import { CodeagentError } from "../../core/errors.js";
import { searchRow } from "../../core/host/search.js";
import type { McpManager } from "../../core/mcp/manager.js";
import { paths } from "../../core/paths.js";
import { cachedToolIndex } from "../../core/search/index-cache.js";
import { registerBuiltins } from "../../core/tools/builtin/index.js";
import { registerExtTools } from "../../core/tools/ext-http.js";
import type { ToolRegistry } from "../../core/tools/registry.js";
import { toSearchable } from "../../core/tools/searchable.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
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
  const { results, problems } = await withServers(
    ctx,
    { waitMs: 0, manager: { cachedOnly: true } },
    async (m, _signal, { registry }) => {
      await waitForUncached(m, registry, ctx.startupWaitMs);
      const saveDir = paths.outputsDir(ctx.env);
      registerBuiltins(registry, { cwd: ctx.cwd, saveDir, env: ctx.env });
      const problems = registerExtTools(registry, {
        cwd: ctx.cwd,
        env: ctx.env,
        variables: ctx.variables,
        saveDir,
      }).map((w) => `tools: ${w}`);
      for (const s of m.names()) {
        const snap = m.snapshot(s);
        const st = snap.state.status;
        if (st !== "ready" && registry.serverToolCount(s) === 0)
          problems.push(
            `${s}: ${st}${snap.error !== null ? ` — ${snap.error}` : ""} (its tools are not searched)`,
          );
      }
      // The index of the same tools as last time is read from disk instead of built (§15.1).
      const { index } = cachedToolIndex(registry.list().map(toSearchable), {
        dir: paths.searchIndexDir(ctx.env),
      });
      return { results: index.search(query, { limit }), problems };
    },
  );
  for (const p of problems) warn(p);
  const rows = results.map(searchRow);
  if (ctx.json) {
    await printJson({ results: rows });
    return 0;
  }
  if (rows.length === 0) {
    await writeOut(`No tool matches "${query}".`);
    return 0;
  }
  await writeOut(
    renderTable(
      ["TOOL", "SCORE", "DESCRIPTION"],
      rows.map((r) => [r.name, r.score.toFixed(2), r.description]),
      { maxCell: 100 },
    ),
  );
  return 0;
}

/** Waits (bounded by the startup wait) only for starting servers that have no tools registered yet. */
async function waitForUncached(m: McpManager, registry: ToolRegistry, waitMs: number): Promise<void> {
  // Cached lists register one event-loop turn after start: let them land before deciding who to wait for.
  await new Promise<void>((r) => setImmediate(r));
  const deadline = Date.now() + waitMs;
  const pending = m
    .names()
    .filter((s) => m.snapshot(s).state.status === "starting" && registry.serverToolCount(s) === 0);
  await Promise.all(pending.map((s) => m.waitForServer(s, Math.max(0, deadline - Date.now()))));
}
