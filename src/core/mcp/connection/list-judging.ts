// Which listed entries a connection keeps (§5, §6, §7, §14): each tool judged on its own, duplicates, task-only
// tools the host cannot call and tools with invalid `x-mcp-header` declarations skipped with the reason.
import type { Tool } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../../config/types.js";
import type { ListResult } from "./types.js";
import type { RawTool, Skipped } from "../types.js";
import { isSkipped, judgeTool } from "./lenient.js";
import { xMcpHeaderProblem } from "./x-mcp-header.js";

export interface ToolListContext {
  /** Streamable HTTP, where `x-mcp-header` declarations matter. */
  http: boolean;
  era: "modern" | "legacy";
  /** The connection can call task-only tools. */
  canRunTasks: boolean;
  log: (text: string) => void;
}

export interface JudgedTools {
  list: ListResult<RawTool>;
  /** The kept tools as listed, by name (for the SDK's header mirroring). */
  definitions: Map<string, Tool>;
  /** Kept tools that run only as tasks. */
  taskOnly: Set<string>;
}

export function judgeToolList(raw: unknown[], ctx: ToolListContext): JudgedTools {
  const items: RawTool[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  const definitions = new Map<string, Tool>();
  const taskOnly = new Set<string>();
  raw.forEach((v, i) => {
    const t = judgeTool(v, i);
    const headerProblem = ctx.http && !isSkipped(t) ? xMcpHeaderProblem(t.inputSchema) : undefined;
    if (isSkipped(t)) skipped.push(t);
    else if (seen.has(t.name)) skipped.push({ name: t.name, reason: "duplicate tool name (first one kept)" });
    else if (t.taskSupport === "required" && !ctx.canRunTasks) {
      skipped.push({
        name: t.name,
        reason:
          ctx.era === "modern"
            ? "runs only as a task, and the server does not offer the tasks extension (io.modelcontextprotocol/tasks)"
            : "runs only as a task, and the server does not offer task-augmented tools/call",
      });
    } else if (headerProblem !== undefined) {
      ctx.log(`tool ${t.name} skipped: ${headerProblem}`);
      skipped.push({ name: t.name, reason: headerProblem });
    } else {
      seen.add(t.name);
      items.push(t);
      definitions.set(t.name, v as Tool);
      if (t.taskSupport === "required") taskOnly.add(t.name);
    }
  });
  return { list: { items, skipped }, definitions, taskOnly };
}

/** Resources, templates, prompts: each entry judged on its own, a malformed one skipped. */
export function collect<T>(
  raw: unknown[],
  judge: (v: unknown) => T | undefined,
  stopped?: string,
): ListResult<T> {
  const items: T[] = [];
  const skipped: Skipped[] = [];
  raw.forEach((v, i) => {
    const j = judge(v);
    if (j === undefined) skipped.push({ name: `#${i}`, reason: "malformed entry" });
    else items.push(j);
  });
  return { items, skipped, ...(stopped !== undefined && { stopped }) };
}

/** includeTools / excludeTools (exclude wins); names compare against the server's original tool names. */
export function filterTools(
  tools: RawTool[],
  skipped: Skipped[],
  config: Pick<ServerConfig, "includeTools" | "excludeTools">,
): { tools: RawTool[]; skipped: Skipped[] } {
  const include = config.includeTools === undefined ? undefined : new Set(config.includeTools);
  const exclude = new Set(config.excludeTools ?? []);
  return {
    tools: tools.filter((t) => (include === undefined || include.has(t.name)) && !exclude.has(t.name)),
    skipped,
  };
}
