// `codeagent mcp search QUERY`: ranks every registered tool — built-in, ext_, MCP and virtual — against a
// task description (§15.1, §2.1), as a plain client of the host: assemble it, start the servers, `host.search`,
// print. Servers whose tools are in the warm tool cache are searched from it without being started; only
// servers with nothing cached are started and waited for, at most the startup wait.
import { CodeagentError } from "../../core/errors.js";
import type { AssembledHost } from "../../core/host/create-host.js";
import type { SearchRow } from "../../core/host/search.js";
import { paths } from "../../core/paths.js";
import { registerBuiltins } from "../../core/tools/builtin/index.js";
import { registerExtTools } from "../../core/tools/ext-http.js";
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
  const opts = {
    // Servers served from the cache stay `starting`: the start is not waited for, only `waitForUncached`.
    waitMs: 0,
    manager: { cachedOnly: true },
    // A lookup compares the tools with their pins (what changed stays withheld) but does not record any: it is
    // not where definitions are trusted (§16, `ToolPinsOptions.record`).
    pins: { record: false },
  };
  await withServers(ctx, opts, async (_m, _signal, host) => {
    const problems = registerHostTools(host, ctx);
    await waitForUncached(host, ctx.startupWaitMs);
    for (const s of host.manager.names()) {
      const snap = host.manager.snapshot(s);
      const st = snap.state.status;
      if (st !== "ready" && host.registry.serverToolCount(s) === 0)
        problems.push(
          `${s}: ${st}${snap.error !== null ? ` — ${snap.error}` : ""} (its tools are not searched)`,
        );
    }
    const rows = host.search(query, { limit });
    for (const p of problems) warn(p);
    await printResults(query, rows, ctx.json);
  });
  return 0;
}

/** The host's own tools (built-in and ext_), searched alongside the servers'; returns the ext_ problems. */
function registerHostTools(host: AssembledHost, ctx: ReturnType<typeof createContext>): string[] {
  const saveDir = paths.outputsDir(ctx.env);
  registerBuiltins(host.registry, { cwd: ctx.cwd, saveDir, env: ctx.env });
  const opts = { cwd: ctx.cwd, env: ctx.env, variables: ctx.variables, saveDir };
  return registerExtTools(host.registry, opts).map((w) => `tools: ${w}`);
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
async function waitForUncached(host: AssembledHost, waitMs: number): Promise<void> {
  const { manager, registry } = host;
  const deadline = Date.now() + waitMs;
  const pending = manager
    .names()
    .filter((s) => manager.snapshot(s).state.status === "starting" && registry.serverToolCount(s) === 0);
  await Promise.all(pending.map((s) => manager.waitForServer(s, Math.max(0, deadline - Date.now()))));
}
