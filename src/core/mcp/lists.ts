// Fetching a server's tools, resources, templates and prompts after connect and on list_changed, with
// includeTools/excludeTools applied. Only a failure to list tools fails a start; the others degrade.
import type { Client } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/types.js";
import { errorMessage } from "../errors.js";
import type { McpConnection } from "./connection.js";
import type { RawTool, Skipped } from "./lenient.js";
import type { ServerLists } from "./server-state.js";

export type ListKind = "tools" | "resources" | "prompts";

export function installListChangedHandlers(client: Client, onChange: (kind: ListKind) => void): void {
  client.setNotificationHandler("notifications/tools/list_changed", () => onChange("tools"));
  client.setNotificationHandler("notifications/resources/list_changed", () => onChange("resources"));
  client.setNotificationHandler("notifications/prompts/list_changed", () => onChange("prompts"));
}

export async function fetchLists(
  conn: McpConnection,
  config: ServerConfig,
  opts: { signal?: AbortSignal; only?: Set<ListKind>; previous?: ServerLists } = {},
): Promise<ServerLists> {
  const caps = conn.info.capabilities;
  const want = (k: ListKind) => opts.only === undefined || opts.only.has(k);
  const o = opts.signal === undefined ? undefined : { signal: opts.signal };
  const prev = opts.previous;
  const log = (what: string, e: unknown) => `${what} failed: ${errorMessage(e)}`;
  const notes: string[] = [];

  const toolsP = want("tools")
    ? conn.listTools(o).then(
        (r) => {
          if (r.stopped !== undefined) notes.push(`tools/list: ${r.stopped}`);
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
      ? Promise.all([
          conn.listResources(o).catch((e: unknown) => (notes.push(log("resources/list", e)), undefined)),
          conn.listResourceTemplates(o).catch(() => undefined),
        ])
      : Promise.resolve(undefined);
  const promptsP =
    want("prompts") && caps.prompts !== undefined
      ? conn.listPrompts(o).catch((e: unknown) => (notes.push(log("prompts/list", e)), undefined))
      : Promise.resolve(undefined);

  const [tools, res, prompts] = await Promise.all([toolsP, resourcesP, promptsP]);
  return {
    tools: tools.tools,
    skippedTools: tools.skipped,
    resources: res?.[0]?.items ?? (want("resources") ? [] : (prev?.resources ?? [])),
    templates: res?.[1]?.items ?? (want("resources") ? [] : (prev?.templates ?? [])),
    prompts: prompts?.items ?? (want("prompts") ? [] : (prev?.prompts ?? [])),
    fromCache: false,
  };
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
