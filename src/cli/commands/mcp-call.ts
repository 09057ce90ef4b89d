// `codeagent mcp call TOOL [JSON]`: call one registered tool with JSON arguments through the permission
// gate (§8.1); prints what the model would see, or the §2.1 JSON document.
import { CodeagentError } from "../../core/errors.js";
import { PermissionGate } from "../../core/permissions/gate.js";
import { PermissionStore } from "../../core/permissions/store.js";
import { paths } from "../../core/paths.js";
import { loadSettings } from "../../core/settings.js";
import { projectRulesNotice, runRules } from "../../core/host/permission-flags.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { EXIT, printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { candidateServers } from "../../core/tools/naming.js";
import { terminalPrompter } from "../prompt-permission.js";

export interface CallFlags {
  allow?: string[];
  deny?: string[];
}

export function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === "") return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new CodeagentError("INVALID_ARGUMENTS", `arguments are not valid JSON: ${(e as Error).message}`);
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new CodeagentError("INVALID_ARGUMENTS", 'arguments must be a JSON object, e.g. \'{"text":"hi"}\'');
  }
  return v as Record<string, unknown>;
}

export async function mcpCall(tool: string, argsText: string | undefined, f: CallFlags, g: GlobalOptions) {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  const args = parseArgsJson(argsText);
  // Start only the servers that could own the name; the registry then says which one it is (§5).
  const candidates = candidateServers(
    tool,
    ctx.config.servers.map((s) => s.name),
  );
  if (candidates.length === 0) {
    throw new CodeagentError(
      "UNKNOWN_TOOL",
      tool.startsWith("mcp__")
        ? `no configured MCP server has a tool named "${tool}" (see codeagent mcp list and codeagent mcp tools)`
        : `"${tool}" is not an MCP tool name (they look like mcp__SERVER__TOOL; see codeagent mcp tools)`,
    );
  }
  const settings = loadSettings({ cwd: ctx.cwd, env: ctx.env });
  for (const p of settings.problems) warn(`settings: ${p}`);
  const notice = projectRulesNotice(settings);
  if (notice !== undefined) warn(`settings: ${notice}`);
  const gate = new PermissionGate({
    configRules: runRules(settings, f),
    store: new PermissionStore(paths.permissions(ctx.env)),
    projectDir: ctx.cwd,
    yes: g.yes === true,
    ...(process.stdin.isTTY && process.stderr.isTTY && g.yes !== true && { prompter: terminalPrompter() }),
  });
  const result = await withServers(ctx, { only: candidates }, async (_m, signal, host) => {
    const entry = await host.resolveTool(tool);
    const decision = await gate.check(
      {
        tool: entry.name,
        ...(entry.source.type === "mcp" && { server: entry.source.server }),
        readOnly: entry.readOnly,
        ...(entry.trust !== undefined && { trust: entry.trust }),
        ...(entry.serverScope !== undefined && { serverScope: entry.serverScope }),
      },
      args,
    );
    if (!decision.allowed) throw new CodeagentError("PERMISSION_DENIED", decision.reason);
    return host.callTool(tool, args, {
      signal,
      onProgress: (p) => {
        if (!ctx.json || process.stderr.isTTY) {
          // A task's status line comes with no figures of its own until the server reports some.
          const pct =
            p.total !== undefined && p.total > 0
              ? ` ${Math.round((100 * p.progress) / p.total)}%`
              : p.progress !== 0 || p.message === undefined
                ? ` ${p.progress}`
                : "";
          process.stderr.write(`progress:${pct}${p.message !== undefined ? ` ${p.message}` : ""}\n`);
        }
      },
    });
  });
  if (ctx.json) await printJson(result);
  else await writeOut(result.text === "" ? "(no output)" : result.text);
  return result.isError ? EXIT.failed : EXIT.ok;
}
