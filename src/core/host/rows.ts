// The host's public shapes, the same documents `mcp list --json`, `mcp tools --json` and `mcp call --json`
// print (§2.1): one definition each, used by the library and the CLI alike.
import type { Scope, TransportKind } from "../config/types.js";
import type { ServerSnapshot, ServerStatus } from "../mcp/servers/state.js";
import type { ObjectSchema } from "../schema/sanitize.js";
import { serverCounts } from "../tools/server-counts.js";
import { rendersOnRead, withViewOf } from "../tools/lazy-render.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";

/** One server, as a row of `mcp list --json`. */
export interface ServerRow {
  name: string;
  scope: Scope;
  /** The config file the server came from (or the label of servers given in code). */
  source: string;
  transport: TransportKind;
  status: ServerStatus;
  /** Why the server is failed or needs authorization; null otherwise. */
  error: string | null;
  tools: number;
  resources: number;
  prompts: number;
  /** Tools whose definition is new, changed or removed since accepted (§16, `codeagent mcp accept`). */
  changedTools: number;
}

/** One registered tool, as a row of `mcp tools --json`. */
export interface ToolRow {
  /** The registered name the model calls (`mcp__server__tool`, at most 64 characters). */
  name: string;
  server: string | null;
  /** The server's original tool name (for virtual tools: list_resources, read_resource, …). */
  tool: string;
  kind: "tool" | "resource" | "prompt" | "builtin" | "ext";
  description: string;
  readOnly: boolean;
  inputSchema?: ObjectSchema;
  rawInputSchema?: unknown;
}

/** A finished call, as `mcp call --json` prints it. */
export interface CallToolResult {
  tool: string;
  /** The server reported an error (`isError`); the text says what. */
  isError: boolean;
  /** The MCP content blocks exactly as the server sent them. */
  content: unknown[];
  structuredContent?: unknown;
  /** What the model would see: text joined, media as placeholders, capped (worked out when first read). */
  text: string;
  truncated: boolean;
  /** The whole output, when `text` was cut. */
  savedTo?: string;
}

/** Counts are what is registered now (see serverCounts): none for a failed server, the same as `mcp get`. */
export function serverRow(
  s: ServerSnapshot,
  registry: { serverEntries(server: string): readonly ToolEntry[] },
  pins?: { changes(server: string): readonly unknown[] },
): ServerRow {
  return {
    name: s.name,
    scope: s.scope,
    source: s.source,
    transport: s.transport,
    status: s.state.status,
    error: s.error,
    ...serverCounts(s, registry),
    changedTools: pins?.changes(s.name).length ?? 0,
  };
}

export function toolRow(t: ToolEntry, o: { schema?: boolean; raw?: boolean } = {}): ToolRow {
  const src = t.source;
  return {
    name: t.name,
    server: src.type === "mcp" ? src.server : null,
    tool: src.type === "mcp" ? src.tool : t.name,
    kind: src.type === "mcp" ? src.kind : src.type,
    // --raw shows what the server sent (SPEC §6): the whole description, not the model's cut copy.
    description: o.raw === true ? (t.fullDescription ?? t.description) : t.description,
    readOnly: t.readOnly,
    ...(o.schema === true && { inputSchema: t.inputSchema }),
    ...(o.raw === true && { rawInputSchema: t.rawInputSchema ?? null }),
  };
}

/** The view fields (`text`, `truncated`, `savedTo`) read through to `r`'s when those are still to be rendered. */
export function callDocument(tool: string, r: ToolResult): CallToolResult {
  const content = r.content ?? [];
  const sc = r.structuredContent;
  if (rendersOnRead(r)) {
    const doc = { tool, isError: r.isError, content, ...(sc !== undefined && { structuredContent: sc }) };
    return withViewOf(doc, r);
  }
  // Built in one go, in the order `mcp call --json` prints (every call makes one: no spreads).
  const doc: CallToolResult =
    sc === undefined
      ? { tool, isError: r.isError, content, text: r.text, truncated: r.truncated }
      : { tool, isError: r.isError, content, structuredContent: sc, text: r.text, truncated: r.truncated };
  if (r.savedTo !== undefined) doc.savedTo = r.savedTo;
  return doc;
}
