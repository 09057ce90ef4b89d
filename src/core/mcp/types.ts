// The MCP domain types that every layer of core/mcp shares (one server's connection, the servers, their
// caches): kept here, below all of them, so that no layer imports another only for a type.

/** The lists a server may offer. */
export type ListKind = "tools" | "resources" | "prompts";

export type CacheScope = "public" | "private";

/** A 2026-07-28 cache hint (`ttlMs` / `cacheScope`) of one list, as read (servers/cache-hints.ts). */
export interface CacheHint {
  /** Clamped to 0 ..= MAX_TTL_MS; 0 is "immediately stale". */
  ttlMs: number;
  /** `private` unless the server said `public` (the safe reading of anything else). */
  scope: CacheScope;
  /** Local time (ms since the epoch) the result arrived: freshness counts from here. */
  receivedAt: number;
}

export type ListHints = Partial<Record<ListKind, CacheHint>>;

/** What a connected server told about itself, and how it is reached. */
export interface ServerInfo {
  serverInfo: { name: string; version: string; title?: string };
  protocolVersion: string | undefined;
  capabilities: Record<string, unknown>;
  instructions: string | undefined;
  transport: "stdio" | "http" | "sse";
  /** `modern` = 2026-07-28 (`server/discover`), `legacy` = the 2025 revisions (`initialize`). */
  era: "modern" | "legacy";
  pid?: number | undefined;
}

// A server's list entries as judged one by one where they enter (connection/lenient.ts).
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface RawTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: ToolAnnotations;
  /** `execution.taskSupport` (2025-11-25): "required" tools run only as tasks (§7). */
  taskSupport?: "required" | "optional" | "forbidden";
}

export interface RawResource {
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
}
export interface RawTemplate {
  uriTemplate: string;
  name: string;
  mimeType?: string;
  description?: string;
}
export interface RawPrompt {
  name: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

export interface Skipped {
  name: string;
  reason: string;
}
