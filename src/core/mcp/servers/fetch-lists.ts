// Fetching a server's tools, resources, templates and prompts after connect and on list_changed, with
// includeTools/excludeTools applied. Only a failure to list tools fails a start; the others degrade, and
// every degradation (a list that failed, stopped early or had malformed entries) becomes a note that the
// server's log, `mcp get` and `/mcp` show.
import type { Client } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../../config/types.js";
import { errorMessage } from "../../errors.js";
import { printable } from "../../text/printable.js";
import type { ListResult, McpConnection } from "../connection/connection.js";
import type { Skipped } from "../types.js";
import { filterTools } from "../connection/list-judging.js";
import type { ListKind, ListNote, ServerLists } from "./state.js";
import { combineHints, describeHint, type CacheHint, type ListHints } from "./cache-hints.js";

export type { ListKind } from "./state.js";

export function installListChangedHandlers(client: Client, onChange: (kind: ListKind) => void): void {
  client.setNotificationHandler("notifications/tools/list_changed", () => onChange("tools"));
  client.setNotificationHandler("notifications/resources/list_changed", () => onChange("resources"));
  client.setNotificationHandler("notifications/prompts/list_changed", () => onChange("prompts"));
}

export async function fetchLists(
  conn: McpConnection,
  config: ServerConfig,
  opts: {
    signal?: AbortSignal;
    only?: Set<ListKind>;
    previous?: ServerLists;
    /** Each new note, as a line for the server's log. */
    log?: (text: string) => void;
  } = {},
): Promise<ServerLists> {
  const caps = conn.info.capabilities;
  const want = (k: ListKind) => opts.only === undefined || opts.only.has(k);
  const o = opts.signal === undefined ? undefined : { signal: opts.signal };
  const prev = opts.previous;
  const notes: ListNote[] = [];
  const note = (kind: ListKind, text: string) => notes.push({ kind, text: printable(text, 300) });
  // A failed list is kept as its error; notes are written after all lists settle, in a fixed order.
  const failed = (e: unknown) => ({ error: e });
  const listed = <T>(kind: ListKind, method: string, r: ListResult<T> | { error: unknown } | undefined) => {
    if (r === undefined) return undefined;
    if ("error" in r) {
      // The connection's messages usually name the method already ("server error during resources/list").
      const msg = errorMessage(r.error);
      note(kind, msg.includes(method) ? msg : `${method} failed: ${msg}`);
      return undefined;
    }
    if (r.stopped !== undefined) note(kind, `${method}: ${r.stopped}`);
    if (r.skipped.length > 0) note(kind, `${method}: ${skippedText(r.skipped)}`);
    return r.items;
  };

  const hints: ListHints = {};
  const toolsP = want("tools")
    ? conn.listTools(o).then(
        (r) => {
          // Skipped tools have their own list (skippedTools); only the stop is a note.
          if (r.stopped !== undefined) note("tools", `tools/list: ${r.stopped}`);
          if (r.hint !== undefined) hints.tools = r.hint;
          return filterTools(r.items, r.skipped, config);
        },
        (e: unknown) => {
          // A server that does not declare tools may simply not implement tools/list.
          if (caps.tools === undefined) return { tools: [], skipped: [] };
          throw e;
        },
      )
    : Promise.resolve({ tools: prev?.tools ?? [], skipped: prev?.skippedTools ?? [] });
  const resourcesP =
    want("resources") && caps.resources !== undefined
      ? Promise.all([conn.listResources(o).catch(failed), conn.listResourceTemplates(o).catch(failed)])
      : Promise.resolve(undefined);
  const promptsP =
    want("prompts") && caps.prompts !== undefined
      ? conn.listPrompts(o).catch(failed)
      : Promise.resolve(undefined);

  const [tools, res, promptList] = await Promise.all([toolsP, resourcesP, promptsP]);
  const resources = listed("resources", "resources/list", res?.[0]);
  const templates = listed("resources", "resources/templates/list", res?.[1]);
  const prompts = listed("prompts", "prompts/list", promptList);
  const resourceHint = combineHints(
    [res?.[0], res?.[1]].flatMap((r) => (r === undefined || "error" in r ? [] : [r.hint])),
  );
  if (resourceHint !== undefined) hints.resources = resourceHint;
  if (promptList !== undefined && !("error" in promptList) && promptList.hint !== undefined)
    hints.prompts = promptList.hint;
  for (const n of notes) opts.log?.(n.text);
  logHints(hints, prev?.hints, opts.log);
  // A re-list of one kind keeps the hints of the kinds it did not fetch again.
  const kept = Object.fromEntries(Object.entries(prev?.hints ?? {}).filter(([k]) => !want(k as ListKind)));
  const allHints = { ...kept, ...hints };
  return {
    tools: tools.tools,
    skippedTools: tools.skipped,
    resources: resources ?? (want("resources") ? [] : (prev?.resources ?? [])),
    templates: templates ?? (want("resources") ? [] : (prev?.templates ?? [])),
    prompts: prompts ?? (want("prompts") ? [] : (prev?.prompts ?? [])),
    // A re-list of one kind keeps the notes of the kinds it did not fetch again.
    notes: [...(prev?.notes ?? []).filter((n) => !want(n.kind)), ...notes],
    fromCache: false,
    // A re-list keeps the era the start found (it goes back to the warm cache with the lists).
    ...(prev?.verdict !== undefined && { verdict: prev.verdict }),
    ...(Object.keys(allHints).length > 0 && { hints: allHints }),
  };
}

const HINT_METHODS: Record<ListKind, string> = {
  tools: "tools/list",
  resources: "resources/list",
  prompts: "prompts/list",
};

/** A line per list whose hint is new or changed (a TTL re-list with the same hint says nothing again). */
function logHints(hints: ListHints, before: ListHints | undefined, log?: (text: string) => void): void {
  for (const [kind, h] of Object.entries(hints) as [ListKind, CacheHint][]) {
    const old = before?.[kind];
    if (old !== undefined && old.ttlMs === h.ttlMs && old.scope === h.scope) continue;
    log?.(`cache hint ${describeHint(HINT_METHODS[kind], h)}`);
  }
}

function skippedText(skipped: Skipped[]): string {
  const names = skipped.slice(0, 5).map((s) => `${s.name} (${s.reason})`);
  const more = skipped.length > 5 ? `, and ${skipped.length - 5} more` : "";
  return `${skipped.length} ${skipped.length === 1 ? "entry" : "entries"} skipped: ${names.join(", ")}${more}`;
}
