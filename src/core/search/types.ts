// The tool-search interface (§15.1): what is indexed, what a hit is. Shared by `mcp search`, the
// `search_tools` built-in and the library host. The bottom of the folder: it imports nothing.

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

/** What a query asks, read once before any index (asked.ts reads it). */
export interface AskedPart {
  /** 1 for the main clause, less for a purpose clause or the payload (query.ts). */
  weight: number;
  terms: string[];
  /** Its words, for compounds the index holds (`pull request` → `pullrequest`). */
  words: string[];
  /** Terms of what its phrases mean ("tell me" → describe), beyond its own words. */
  phraseTerms: string[];
  /** Terms of idiom heads, which keep only part of their weight ("push" in "push the standup"). */
  headTerms: string[];
}

export interface AskedQuery {
  /** The query as typed, trimmed, and lower-cased. */
  raw: string;
  q: string;
  /** The names of a `select:a,b` query; undefined for any other. */
  selected: string[] | undefined;
  parts: AskedPart[];
  /** The term of a leading verb that tools use as a noun, or null. */
  verbNoun: string | null;
  /** The query's words, for the phrase of a tool's name. */
  phraseWords: string[];
  /** Whether it asks to read (show, list, what is…). */
  reading: boolean;
}
