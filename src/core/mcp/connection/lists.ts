// The listing half of a connection: every page of a list method taken leniently (§5, §11), each entry judged
// on its own, tools through the rules of list-judging.ts.
import type { Tool } from "@modelcontextprotocol/client";
import { requestOptions } from "./call-options.js";
import { combineHints, readCacheHint, type CacheHint } from "../servers/cache-hints.js";
import type { CallOptions, ListResult, ServerInfo } from "./types.js";
import type { Session } from "./session.js";
import { LenientListResult } from "./lenient-results.js";
import type { RawPrompt, RawResource, RawTemplate, RawTool } from "../types.js";
import { judgePrompt, judgeResource, judgeTemplate } from "./lenient.js";
import { collect, judgeToolList, type ToolListContext } from "./list-judging.js";
import { canCallToolsAsTasks } from "./tasks.js";
import { offersTasksExtension } from "./tasks-modern.js";
import { paginate, type PaginateResult } from "./paginate.js";

/** Every page of a list method, each page's items taken leniently from `key` (§5 pagination rules). */
async function listAll(
  s: Session,
  method: string,
  key: string,
  o?: CallOptions,
): Promise<PaginateResult<unknown> & { hint?: CacheHint }> {
  const ro = requestOptions(o, s.config.timeoutMs, s.config.maxTotalTimeoutMs);
  return s.request(method, async (c) => {
    // Each page carries its own 2026-07-28 cache hint; the list is as fresh as its stalest page.
    const hints: (CacheHint | undefined)[] = [];
    const result = await paginate(async (cursor) => {
      const page = await c.request(
        { method, params: cursor === undefined ? {} : { cursor } },
        LenientListResult,
        ro,
      );
      hints.push(readCacheHint(page, Date.now()));
      const items = page[key];
      return { items: Array.isArray(items) ? items : [], nextCursor: page.nextCursor };
    });
    const hint = combineHints(hints);
    return hint === undefined ? result : { ...result, hint };
  });
}

function withHint<T>(list: ListResult<T>, hint: CacheHint | undefined): ListResult<T> {
  return hint === undefined ? list : { ...list, hint };
}

/** 2025-11-25 tasks on a 2025-era connection, the tasks extension on a 2026-07-28 one. */
function canRunTasks(info: ServerInfo): boolean {
  return info.era === "legacy"
    ? canCallToolsAsTasks(info.capabilities)
    : offersTasksExtension(info.capabilities);
}

export interface ListedTools {
  list: ListResult<RawTool>;
  /** The kept tools as listed, by name (for the SDK's header mirroring). */
  definitions: Map<string, Tool>;
  /** Kept tools that run only as tasks. */
  taskOnly: Set<string>;
}

/** How `s` judges a tool listing: fetched (`listTools`) or from the cache (`adoptTools`). */
function judging(s: Session): ToolListContext {
  return {
    http: s.info.transport === "http",
    era: s.info.era,
    canRunTasks: canRunTasks(s.info),
    log: (t) => s.log.event(t),
  };
}

export async function listTools(s: Session, o?: CallOptions): Promise<ListedTools> {
  const page = await listAll(s, "tools/list", "tools", o);
  const judged = judgeToolList(page.items, judging(s));
  return {
    list: withHint(
      { ...judged.list, ...(page.stopped !== undefined && { stopped: page.stopped }) },
      page.hint,
    ),
    definitions: judged.definitions,
    taskOnly: judged.taskOnly,
  };
}

/**
 * Tools from a cached listing still fresh by its cache hint, standing in for a tools/list the connection skipped:
 * judged as a listing would be (task-only tools, header mirroring).
 */
export function adoptTools(s: Session, tools: readonly RawTool[]): Omit<ListedTools, "list"> {
  const raw = tools.map(({ taskSupport, ...t }) => ({
    ...t,
    ...(taskSupport !== undefined && { execution: { taskSupport } }),
  }));
  const judged = judgeToolList(raw, judging(s));
  return { definitions: judged.definitions, taskOnly: judged.taskOnly };
}

export async function listResources(s: Session, o?: CallOptions): Promise<ListResult<RawResource>> {
  const page = await listAll(s, "resources/list", "resources", o);
  return withHint(collect(page.items, judgeResource, page.stopped), page.hint);
}

export async function listResourceTemplates(s: Session, o?: CallOptions): Promise<ListResult<RawTemplate>> {
  const page = await listAll(s, "resources/templates/list", "resourceTemplates", o);
  return withHint(collect(page.items, judgeTemplate, page.stopped), page.hint);
}

export async function listPrompts(s: Session, o?: CallOptions): Promise<ListResult<RawPrompt>> {
  const page = await listAll(s, "prompts/list", "prompts", o);
  return withHint(collect(page.items, judgePrompt, page.stopped), page.hint);
}
