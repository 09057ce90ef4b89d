// `codeagent mcp logs NAME`: the server's recent log lines from its log file, across processes (§4.6).
import { existsSync } from "node:fs";
import { CodeagentError } from "../../core/errors.js";
import { logFilePath, readLogFile } from "../../core/host/servers.js";
import { paths } from "../../core/paths.js";
import { createContext, type GlobalOptions } from "../context.js";
import { printJson, writeOut } from "../output.js";

export async function mcpLogs(name: string, o: { lines?: string }, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const n = o.lines === undefined ? 50 : Number(o.lines);
  if (!Number.isInteger(n) || n <= 0)
    throw new CodeagentError("USAGE", `--lines must be a positive whole number, got "${o.lines}"`);
  const dir = paths.logsDir(ctx.env);
  const known = ctx.config.servers.some((s) => s.name === name);
  if (!known && !existsSync(logFilePath(dir, name))) {
    throw new CodeagentError(
      "UNKNOWN_SERVER",
      `no MCP server named "${name}" is configured and it has no log`,
    );
  }
  const lines = readLogFile(dir, name, n);
  if (ctx.json) {
    await printJson({ lines });
    return 0;
  }
  if (lines.length === 0) {
    await writeOut(`No log lines for "${name}" yet (${logFilePath(dir, name)}).`);
    return 0;
  }
  await writeOut(
    lines.map((l) => `${l.time} ${l.kind === "stderr" ? "stderr" : "event "} ${l.text}`).join("\n"),
  );
  return 0;
}
