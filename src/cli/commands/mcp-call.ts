// `codeagent mcp call TOOL [JSON]`: call one registered tool with JSON arguments through the permission
// gate (§8.1); prints what the model would see, or the §2.1 JSON document.
import { CodeagentError } from "../../core/errors.js";
import { PermissionGate } from "../../core/permissions/gate.js";
import { PermissionStore } from "../../core/permissions/store.js";
import { paths } from "../../core/paths.js";
import { loadSettings } from "../../core/settings.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { EXIT, printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { attachRegistry, serverOfToolName } from "./mcp-host.js";
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
  const server = serverOfToolName(tool);
  if (server === undefined) {
    throw new CodeagentError(
      "UNKNOWN_TOOL",
      `"${tool}" is not an MCP tool name (they look like mcp__SERVER__TOOL; see codeagent mcp tools)`,
    );
  }
  if (!ctx.config.servers.some((s) => s.name === server)) {
    throw new CodeagentError(
      "UNKNOWN_SERVER",
      `no MCP server named "${server}" is configured (from tool name ${tool})`,
    );
  }
  const settings = loadSettings({ cwd: ctx.cwd, env: ctx.env });
  for (const p of settings.problems) warn(`settings: ${p}`);
  const gate = new PermissionGate({
    configRules: {
      allow: [...settings.permissions.allow, ...(f.allow ?? [])],
      deny: [...settings.permissions.deny, ...(f.deny ?? [])],
    },
    store: new PermissionStore(paths.permissions(ctx.env)),
    yes: g.yes === true,
    ...(process.stdin.isTTY && process.stderr.isTTY && g.yes !== true && { prompter: terminalPrompter() }),
  });
  const result = await withServers(ctx, { only: [server] }, async (m, signal) => {
    const { registry } = attachRegistry(ctx, m);
    const snap = m.snapshot(server);
    if (snap.state.status !== "ready") {
      const why =
        snap.error ??
        (snap.state.status === "starting"
          ? `still starting after ${ctx.startupWaitMs} ms (--startup-wait)`
          : snap.state.status);
      const code =
        snap.state.status === "needs-approval"
          ? "NEEDS_APPROVAL"
          : snap.state.status === "needs-auth"
            ? "NEEDS_AUTH"
            : "SERVER_UNAVAILABLE";
      const hint = code === "NEEDS_APPROVAL" ? `; approve it with: codeagent mcp approve ${server}` : "";
      throw new CodeagentError(code, `server "${server}" is not available: ${why}${hint}`);
    }
    const entry = registry.get(tool);
    if (entry === undefined) {
      const skipped = registry.skipped(server).find((s) => tool.endsWith(s.name));
      const names = registry.serverTools(server).map((t) => t.name);
      throw new CodeagentError(
        "UNKNOWN_TOOL",
        skipped !== undefined
          ? `tool "${skipped.name}" of "${server}" is not available: ${skipped.reason}`
          : `no tool "${tool}"; ${server} has: ${names.join(", ") || "no tools"}`,
      );
    }
    const decision = await gate.check(
      {
        tool: entry.name,
        server,
        readOnly: entry.readOnly,
        ...(entry.trust !== undefined && { trust: entry.trust }),
      },
      args,
    );
    if (!decision.allowed) throw new CodeagentError("PERMISSION_DENIED", decision.reason);
    return entry.execute(args, {
      signal,
      onProgress: (p) => {
        if (!ctx.json || process.stderr.isTTY) {
          const pct =
            p.total !== undefined && p.total > 0
              ? ` ${Math.round((100 * p.progress) / p.total)}%`
              : ` ${p.progress}`;
          process.stderr.write(`progress:${pct}${p.message !== undefined ? ` ${p.message}` : ""}\n`);
        }
      },
    });
  });
  if (result.error !== undefined && result.error.code !== "TOOL_ERROR") throw result.error;
  if (ctx.json) {
    await printJson({
      tool,
      isError: result.isError,
      content: result.content ?? [],
      ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
      text: result.text,
      truncated: result.truncated,
      ...(result.savedTo !== undefined && { savedTo: result.savedTo }),
    });
  } else {
    await writeOut(result.text === "" ? "(no output)" : result.text);
  }
  return result.isError ? EXIT.failed : EXIT.ok;
}
