// `codeagent mcp import FILE [--scope user|project|local] [--force]`: copy the servers of a Claude Desktop,
// Claude Code, Cursor, VS Code, Windsurf, Gemini CLI or Codex config into ours, saying per server what was translated and what not.
// An existing server is never replaced without --force.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { planImport, type PlannedServer } from "../../core/config/import/index.js";
import { addServer, configFileForScope } from "../../core/config/write.js";
import { CodeagentError, errorMessage, isCodeagentError } from "../../core/errors.js";
import { createContext, type GlobalOptions } from "../context.js";
import { scopeOf } from "./mcp-edit.js";
import { printJson, writeOut } from "../output.js";

export type ImportStatus = "added" | "replaced" | "exists" | "skipped" | "invalid";

export interface ImportRow {
  name: string;
  original: string;
  status: ImportStatus;
  entry?: Record<string, unknown>;
  notes: string[];
  reason?: string;
}

export async function mcpImport(
  file: string,
  f: { scope?: string; force?: boolean },
  g: GlobalOptions,
): Promise<number> {
  const ctx = createContext(g);
  const scope = scopeOf(f.scope);
  const source = resolve(ctx.cwd, file);
  let text: string;
  try {
    text = readFileSync(source, "utf8");
  } catch (e) {
    throw new CodeagentError(
      "USAGE",
      `cannot read ${source}: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`,
    );
  }
  const plan = planImport(source, text, { cwd: ctx.cwd });
  const target = configFileForScope(scope, { cwd: ctx.cwd, env: ctx.env });
  const rows = plan.servers.map((s) => write(target, s, f.force === true));
  const imported = rows.filter((r) => r.status === "added" || r.status === "replaced").length;
  if (g.json === true) {
    await printJson({ format: plan.format, source, target, scope, servers: rows, notes: plan.notes });
    return 0;
  }
  const lines = [
    `Importing ${plan.servers.length} server(s) from ${source} (${plan.formatName}) into ${target}:`,
  ];
  for (const r of rows) {
    lines.push(`  ${MARK[r.status]} ${r.name.padEnd(20)} ${describe(r)}`);
    for (const n of r.notes) lines.push(`      · ${n}`);
  }
  for (const n of plan.notes) lines.push(`  note: ${n}`);
  lines.push(`Imported ${imported} of ${rows.length}.`);
  if (rows.some((r) => r.status === "exists"))
    lines.push("Use --force to replace servers that already exist.");
  if (scope === "project" && imported > 0)
    lines.push("Project servers run only after approval: codeagent mcp approve NAME (or --all).");
  await writeOut(lines.join("\n"));
  return 0;
}

const MARK: Record<ImportStatus, string> = {
  added: "+",
  replaced: "~",
  exists: "=",
  skipped: "✗",
  invalid: "✗",
};

function describe(r: ImportRow): string {
  switch (r.status) {
    case "added":
      return "added";
    case "replaced":
      return "replaced (--force)";
    case "exists":
      return "not imported: a server of that name already exists";
    default:
      return `not imported: ${r.reason ?? ""}`;
  }
}

function write(target: string, s: PlannedServer, force: boolean): ImportRow {
  const base = { name: s.name, original: s.original, notes: s.notes };
  if (s.entry === undefined) return { ...base, status: "skipped", reason: s.skipped ?? "nothing to import" };
  try {
    const r = addServer(target, s.name, s.entry, { force });
    return {
      ...base,
      status: r.replaced ? "replaced" : "added",
      entry: s.entry,
      notes: [...s.notes, ...r.warnings],
    };
  } catch (e) {
    // addServer refuses an existing name with USAGE unless forced; anything else is an invalid entry.
    if (isCodeagentError(e, "USAGE")) return { ...base, status: "exists", entry: s.entry };
    if (isCodeagentError(e, "CONFIG_INVALID")) return { ...base, status: "invalid", reason: e.message };
    throw e;
  }
}
