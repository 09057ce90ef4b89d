// The listing half of a connection: every page of a list method taken leniently (§5, §11), each entry judged
// on its own, tools through the rules of list-judging.ts.
import type { Tool } from "@modelcontextprotocol/client";
import { requestOptions } from "./call-options.js";
import type { CallOptions, ListResult, Requester } from "./connection-types.js";
import {
  LenientListResult,
  judgePrompt,
  judgeResource,
  judgeTemplate,
  type RawPrompt,
  type RawResource,
  type RawTemplate,
  type RawTool,
} from "./lenient.js";
import { collect, judgeToolList } from "./list-judging.js";
import { paginate, type PaginateResult } from "./paginate.js";

/** Every page of a list method, each page's items taken leniently from `key` (§5 pagination rules). */
async function listAll(
  r: Requester,
  method: string,
  key: string,
  o?: CallOptions,
): Promise<PaginateResult<unknown>> {
  const ro = requestOptions(o, r.config.timeoutMs, r.config.maxTotalTimeoutMs);
  return r.request(method, (c) =>
    paginate(async (cursor) => {
      const page = await c.request(
        { method, params: cursor === undefined ? {} : { cursor } },
        LenientListResult,
        ro,
      );
      const items = page[key];
      return { items: Array.isArray(items) ? items : [], nextCursor: page.nextCursor };
    }),
  );
}

export interface ListedTools {
  list: ListResult<RawTool>;
  /** The kept tools as listed, by name (for the SDK's header mirroring). */
  definitions: Map<string, Tool>;
  /** Kept tools that run only as tasks. */
  taskOnly: Set<string>;
}

export async function listTools(r: Requester, canRunTasks: boolean, o?: CallOptions): Promise<ListedTools> {
  const page = await listAll(r, "tools/list", "tools", o);
  const judged = judgeToolList(page.items, {
    http: r.info.transport === "http",
    era: r.info.era,
    canRunTasks,
    log: (t) => r.log.event(t),
  });
  return {
    list: { ...judged.list, ...(page.stopped !== undefined && { stopped: page.stopped }) },
    definitions: judged.definitions,
    taskOnly: judged.taskOnly,
  };
}

export async function listResources(r: Requester, o?: CallOptions): Promise<ListResult<RawResource>> {
  const page = await listAll(r, "resources/list", "resources", o);
  return collect(page.items, judgeResource, page.stopped);
}

export async function listResourceTemplates(r: Requester, o?: CallOptions): Promise<ListResult<RawTemplate>> {
  const page = await listAll(r, "resources/templates/list", "resourceTemplates", o);
  return collect(page.items, judgeTemplate, page.stopped);
}

export async function listPrompts(r: Requester, o?: CallOptions): Promise<ListResult<RawPrompt>> {
  const page = await listAll(r, "prompts/list", "prompts", o);
  return collect(page.items, judgePrompt, page.stopped);
}
