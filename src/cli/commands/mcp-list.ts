// `codeagent mcp list`: start every configured server (bounded wait) and print a row each (§2, §2.1).
import { TOOL_COUNT_MEANS } from "../../core/tools/server-counts.js";
import type { ServerRow } from "../../core/host/rows.js";
import type { GlobalOptions } from "../context.js";
import { nothingConfigured } from "../../core/config/files.js";
import { printJson, warn, writeOut } from "../output.js";
import { renderTable } from "../table.js";

const NONE =
  "No MCP servers configured. Add one with `codeagent mcp add NAME -- COMMAND [ARGS…]`, or pass --mcp-config FILE.";

export async function mcpList(g: GlobalOptions): Promise<number> {
  // No config file anywhere: answer before loading the config validation or the MCP layer.
  if (
    nothingConfigured({
      cwd: process.cwd(),
      cliConfigFiles: g.mcpConfig ?? [],
      strict: g.strictMcpConfig === true,
    })
  ) {
    await (g.json === true ? printJson({ servers: [] }) : writeOut(NONE));
    return 0;
  }
  const { createContext, reportConfigProblems } = await import("../context.js");
  const { withServers } = await import("../session.js");
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  if (ctx.config.servers.length === 0) {
    await (ctx.json ? printJson({ servers: [] }) : writeOut(NONE));
    return 0;
  }
  // Print as soon as the wait is over; ending the servers' processes happens after.
  // Checking servers is its job: lazy ones (§20.1) start too.
  await withServers(ctx, { manager: { startAll: true } }, async (_m, _signal, host) => {
    const rows = host.servers();
    await (ctx.json ? printJson({ servers: rows }) : writeOut(renderRows(rows, ctx.startupWaitMs)));
  });
  return 0;
}

function renderRows(rows: ServerRow[], waitMs: number): string {
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
  const hints: string[] = [`(${TOOL_COUNT_MEANS})`];
  if (rows.some((r) => r.status === "needs-approval")) {
    hints.push("Project servers need approval before they run: codeagent mcp approve NAME (or --all).");
  }
  if (rows.some((r) => r.status === "needs-auth")) {
    hints.push("Servers that need authorization: codeagent mcp login NAME.");
  }
  const changed = rows.filter((r) => r.changedTools > 0);
  if (changed.length > 0) {
    hints.push(
      `Tool definitions changed since accepted (changed ones are withheld): ${changed.map((r) => `${r.name} (${r.changedTools})`).join(", ")}. Review with codeagent mcp get NAME, accept with codeagent mcp accept NAME.`,
    );
  }
  if (rows.some((r) => r.status === "starting")) {
    hints.push(`Servers still starting after ${waitMs} ms are shown as starting (--startup-wait MS).`);
  }
  return [table, ...hints].join("\n");
}
