// The registry as a subagent sees it: its definition's tools only (all of them but `task` when it names none;
// never `execute_code` beside a list, since a script's calls would skip the list). A view, not a grant: every call still passes the session's permission gate, so a
// project's agent file can narrow what a subagent may do but never widen it.
import { matchesPattern } from "../../permissions/patterns.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { ToolEntry } from "../../tools/types.js";

type RegistryView = Pick<ToolRegistry, "list" | "get">;

/** Does one of `patterns` name this tool? MCP tools match by their server and original name too. */
export function agentMayUse(patterns: readonly string[] | undefined, e: ToolEntry): boolean {
  if (e.name === "task") return false;
  if (patterns === undefined) return true;
  if (e.name === "execute_code") return false;
  const server = e.source.type === "mcp" ? e.source.server : undefined;
  const ids = [{ tool: e.name, ...(server !== undefined && { server }) }];
  // A long name is registered cut and hashed; `mcp__server__tool` as written still names it.
  if (e.source.type === "mcp")
    ids.push({ tool: `mcp__${e.source.server}__${e.source.tool}`, server: e.source.server });
  return patterns.some((p) => ids.some((id) => matchesPattern(p, id, "narrow")));
}

export function subagentRegistry(
  registry: RegistryView,
  patterns: readonly string[] | undefined,
): RegistryView {
  return {
    list: () => registry.list().filter((e) => agentMayUse(patterns, e)),
    get: (name) => {
      const e = registry.get(name);
      return e !== undefined && agentMayUse(patterns, e) ? e : undefined;
    },
  };
}
