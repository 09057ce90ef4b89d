// `codeagent mcp tools [NAME]`: the registered MCP tools (§2.1), with sanitized (--schema) and original
// (--raw) input schemas.
import { toolRow } from "../../core/host/rows.js";
import { countTools, describeCounts, TOOL_COUNT_MEANS } from "../../core/tools/server-counts.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { renderTable } from "../table.js";
import { requireServer } from "./mcp-host.js";

export async function mcpTools(
  name: string | undefined,
  o: { schema?: boolean; raw?: boolean },
  g: GlobalOptions,
) {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  requireServer(ctx, name);
  const { rows, problems, counted } = await withServers(
    ctx,
    name === undefined ? {} : { only: [name] },
    async (m, _signal, { registry }) => {
      const servers = name === undefined ? m.names() : [name];
      const problems = servers.flatMap((s) => {
        const snap = m.snapshot(s);
        const st = snap.state.status;
        const skipped = registry.skipped(s).map((k) => `${s}: tool "${k.name}" skipped: ${k.reason}`);
        return st === "ready"
          ? skipped
          : [`${s}: ${st}${snap.error !== null ? ` — ${snap.error}` : ""}`, ...skipped];
      });
      const entries = servers.flatMap((s) => registry.serverTools(s));
      return { rows: entries.map((t) => toolRow(t, o)), problems, counted: countTools(entries) };
    },
  );
  for (const p of problems) warn(p);
  if (ctx.json) {
    await printJson({ tools: rows });
    return 0;
  }
  if (rows.length === 0) {
    await writeOut("No MCP tools registered.");
    return 0;
  }
  const lines = [
    renderTable(
      ["TOOL", "READ-ONLY", "DESCRIPTION"],
      rows.map((r) => [r.name, r.readOnly ? "yes" : "", r.description]),
      { maxCell: 100 },
    ),
  ];
  lines.push(`${describeCounts(counted)} (${TOOL_COUNT_MEANS})`);
  if (o.schema === true || o.raw === true) {
    for (const r of rows) {
      lines.push("", r.name);
      if (r.inputSchema !== undefined) lines.push(`  schema: ${JSON.stringify(r.inputSchema)}`);
      if (r.rawInputSchema !== undefined) lines.push(`  raw:    ${JSON.stringify(r.rawInputSchema)}`);
    }
  }
  await writeOut(lines.join("\n"));
  return 0;
}
