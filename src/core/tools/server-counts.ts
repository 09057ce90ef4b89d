// The tool/resource/prompt counts shown per server by `mcp list`, `/mcp` and the library's `servers()`: what
// the model can use right now, so a failed server shows no cached counts and every view agrees with `mcp get`.
import type { ServerSnapshot } from "../mcp/servers/state.js";
import type { ToolEntry } from "./types.js";

export interface ServerCounts {
  tools: number;
  resources: number;
  prompts: number;
}

/**
 * Registered real tools (not the resource/prompt virtual ones), and the lists of a usable server; else zeros.
 * Counted from the unsorted entries: the sorted list's first locale-aware compare starts ICU's collator, tens
 * of ms that a count (`mcp list`) does not need.
 */
export function serverCounts(
  s: Pick<ServerSnapshot, "name" | "state" | "lists">,
  registry: { serverEntries(server: string): readonly ToolEntry[] },
): ServerCounts {
  const usable = s.state.status === "ready" || (s.state.status === "starting" && s.lists.fromCache);
  if (!usable) return { tools: 0, resources: 0, prompts: 0 };
  return {
    tools: registry.serverEntries(s.name).filter((t) => t.source.type === "mcp" && t.source.kind === "tool")
      .length,
    resources: s.lists.resources.length,
    prompts: s.lists.prompts.length,
  };
}

/** What a tool count counts, said the same way by every view (`mcp list`, `mcp get`, `mcp tools`, `/mcp`, `/tools`). */
export const TOOL_COUNT_MEANS =
  "tools: the server's own tools the model can use now (withheld, skipped and the resource/prompt tools not counted)";

/** A list of registered tools counted as `serverCounts` counts them, with the resource/prompt tools apart. */
export function countTools(entries: readonly ToolEntry[]): {
  tools: number;
  resourcePromptTools: number;
  other: number;
} {
  let tools = 0;
  let resourcePromptTools = 0;
  let other = 0;
  for (const t of entries) {
    if (t.source.type !== "mcp") other++;
    else if (t.source.kind === "tool") tools++;
    else resourcePromptTools++;
  }
  return { tools, resourcePromptTools, other };
}

/** `7 tools`, `7 tools + 2 resource/prompt tools`, `12 built-in tools`: the same words everywhere. */
export function describeToolCount(entries: readonly ToolEntry[]): string {
  return describeCounts(countTools(entries));
}

export function describeCounts(c: { tools: number; resourcePromptTools: number; other?: number }): string {
  const other = c.other ?? 0;
  const parts: string[] = [];
  if (c.tools > 0 || (c.resourcePromptTools === 0 && other === 0)) parts.push(plural(c.tools, "tool"));
  if (c.resourcePromptTools > 0) parts.push(plural(c.resourcePromptTools, "resource/prompt tool"));
  if (other > 0) parts.push(plural(other, c.tools + c.resourcePromptTools > 0 ? "other tool" : "tool"));
  return parts.join(" + ");
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}
