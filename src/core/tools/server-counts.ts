// The tool/resource/prompt counts shown per server by `mcp list`, `/mcp` and the library's `servers()`: what
// the model can use right now, so a failed server shows no cached counts and every view agrees with `mcp get`.
import type { ServerSnapshot } from "../mcp/servers/state.js";
import type { ToolEntry } from "./types.js";

export interface ServerCounts {
  tools: number;
  resources: number;
  prompts: number;
}

/** Registered real tools (not the resource/prompt virtual ones), and the lists of a usable server; else zeros. */
export function serverCounts(
  s: Pick<ServerSnapshot, "name" | "state" | "lists">,
  registry: { serverTools(server: string): readonly ToolEntry[] },
): ServerCounts {
  const usable = s.state.status === "ready" || (s.state.status === "starting" && s.lists.fromCache);
  if (!usable) return { tools: 0, resources: 0, prompts: 0 };
  return {
    tools: registry.serverTools(s.name).filter((t) => t.source.type === "mcp" && t.source.kind === "tool")
      .length,
    resources: s.lists.resources.length,
    prompts: s.lists.prompts.length,
  };
}
