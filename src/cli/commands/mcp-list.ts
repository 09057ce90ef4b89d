// `codeagent mcp list`: start every configured server (bounded wait) and print a row each (§2, §2.1).
import type { ServerSnapshot } from "../../core/mcp/server-state.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { renderTable } from "../table.js";

export function listRow(s: ServerSnapshot) {
  return {
    name: s.name,
    scope: s.scope,
    source: s.source,
    transport: s.transport,
    status: s.state.status,
    error: s.error,
    tools: s.lists.tools.length,
    resources: s.lists.resources.length,
    prompts: s.lists.prompts.length,
  };
}

export async function mcpList(g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  // No servers: answer without loading the MCP layer at all.
  const rows =
    ctx.config.servers.length === 0
      ? []
      : await withServers(ctx, {}, async (m) => m.snapshots().map(listRow));
  if (ctx.json) {
    await printJson({ servers: rows });
    return 0;
  }
  if (rows.length === 0) {
    await writeOut(
      "No MCP servers configured. Add one with `codeagent mcp add NAME -- COMMAND [ARGS…]`, or pass --mcp-config FILE.",
    );
    return 0;
  }
  const table = renderTable(
    ["NAME", "SCOPE", "TRANSPORT", "STATUS", "TOOLS", "RESOURCES", "PROMPTS", "ERROR"],
    rows.map((r) => [
      r.name,
      r.scope,
      r.transport,
      r.status,
      String(r.tools),
      String(r.resources),
      String(r.prompts),
      r.error ?? "",
    ]),
    { maxCell: 160 },
  );
  const hints: string[] = [];
  if (rows.some((r) => r.status === "needs-approval")) {
    hints.push("Project servers need approval before they run: codeagent mcp approve NAME (or --all).");
  }
  if (rows.some((r) => r.status === "starting")) {
    hints.push(
      `Servers still starting after ${ctx.startupWaitMs} ms are shown as starting (--startup-wait MS).`,
    );
  }
  await writeOut([table, ...hints].join("\n"));
  return 0;
}
