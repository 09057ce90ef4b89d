// The tool-search interface (§15.1): what is indexed, what a hit is. Shared by `mcp search`, the
// `search_tools` built-in and the library host.
import type { AskedQuery } from "./asked.js";

export interface SearchableTool {
  /** The registered name (`mcp__srv__tool`, a built-in's name, …). */
  name: string;
  server?: string;
  /** The server's original tool name; the name words come from it when given. */
  tool?: string;
  /** The full description, not the one cut for the model. */
  description: string;
  parameters?: { name: string; description?: string }[];
}

export interface ToolSearchHit {
  name: string;
  server?: string;
  tool?: string;
  description: string;
  score: number;
}

export interface ToolIndex {
  /** Best first; ties in name order. `limit` defaults to 10. A query read ahead (`askedQuery`) is taken as is. */
  search(query: string | AskedQuery, opts?: { limit?: number }): ToolSearchHit[];
  readonly size: number;
}
