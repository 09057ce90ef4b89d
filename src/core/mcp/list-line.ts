// A tools/list answer read from its raw stdout line exactly as the connection reads it (§5, §11: each tool judged
// on its own, includeTools/excludeTools applied), for a reader elsewhere that would otherwise wait until the main
// thread has parsed, judged and cached the same line: `mcp search`'s index thread starts on the line itself.
import type { ServerConfig } from "../config/types.js";
import type { RawTool } from "./lenient.js";
import { filterTools, judgeToolList } from "./list-judging.js";

/** What reading a tool listing depends on besides the listing: the connection's and the config's part. */
export interface ListingContext extends Pick<ServerConfig, "includeTools" | "excludeTools"> {
  http: boolean;
  era: "modern" | "legacy";
  canRunTasks: boolean;
}

export type LineListing =
  /** The whole tool list, as the connection keeps it. */
  | { kind: "tools"; tools: RawTool[] }
  /** One page of a list that goes on: not the whole list. */
  | { kind: "page" }
  /** Anything else: another message, or not JSON-RPC at all. */
  | { kind: "other" };

export function listingOfLine(text: string, ctx: ListingContext): LineListing {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { kind: "other" };
  }
  const message = record(v);
  const result = record(message?.result);
  if (message?.jsonrpc !== "2.0" || !("id" in message) || !Array.isArray(result?.tools))
    return { kind: "other" };
  // Any cursor, even one pagination would stop at, says the line may not be the whole list: the reader falls back.
  if (result.nextCursor !== undefined) return { kind: "page" };
  const judged = judgeToolList(result.tools as unknown[], { ...ctx, log: () => undefined });
  return { kind: "tools", tools: filterTools(judged.list.items, [], ctx).tools };
}

/**
 * Of what a start's long lines held (`listingOfLine`, in the order read; undefined: unknown), the one whole tool
 * list the server's lists were read from: when exactly one line was a whole list, of `tools` tools (`size`),
 * and no line was a page of a list that went on (a last page alone can look whole). Else undefined.
 */
export function wholeListing<T>(
  lines: readonly (T | "page" | "other" | undefined)[],
  size: (listing: T) => number,
  tools: number,
): T | undefined {
  let found: T | undefined;
  let count = 0;
  for (const l of lines) {
    if (l === undefined || l === "page") return undefined;
    if (l === "other") continue;
    found = l;
    count++;
  }
  return count === 1 && size(found!) === tools ? found : undefined;
}

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}
