// Listing a ready server again (§4.3, §14): the kinds a list_changed announced or a stale cache hint named,
// coalesced into one re-list at a time. The lists go to the warm cache, and to the session when they changed
// (a re-list for a hint that found the same lists changes nothing the session uses).
import type { ServerConfig } from "../../config/types.js";
import { errorMessage } from "../../errors.js";
import type { McpConnection } from "../connection/connection.js";
import { Coalescer } from "./coalesce.js";
import { fetchLists, type ListKind } from "./fetch-lists.js";
import type { ServerLog } from "./logs.js";
import { sameLists, type ServerLists } from "./state.js";
import type { ToolCache } from "./tool-cache.js";

/** The live server a re-list runs against, and whether the supervisor is still at that start. */
export interface RelistTarget {
  conn: McpConnection;
  config: ServerConfig;
  lists: ServerLists;
  cacheKey: string | undefined;
  current: () => boolean;
}

export interface RelistingOptions {
  name: string;
  log: ServerLog;
  cache: ToolCache | undefined;
  /** The server to re-list, once any start in progress is over; undefined when there is none. */
  target: () => Promise<RelistTarget | undefined>;
  /** The new lists, and whether the session should hear of them. */
  apply: (lists: ServerLists, changed: boolean) => void;
}

export class Relisting {
  /** Kinds the server announced as changed since they were last listed (a re-list then always reports). */
  private readonly announced = new Set<ListKind>();
  private readonly coalescer = new Coalescer<ListKind>((kinds) => this.relist(kinds));

  constructor(private readonly o: RelistingOptions) {}

  /** The server said `kind` changed (list_changed). */
  announce(kind: ListKind): void {
    this.announced.add(kind);
    this.coalescer.request(kind);
  }

  /** `kind` went stale by its cache hint. */
  request(kind: ListKind): void {
    this.coalescer.request(kind);
  }

  /** Resolves once no re-listing is pending or running. */
  settled(): Promise<void> {
    return this.coalescer.idle();
  }

  clear(): void {
    this.coalescer.clear();
  }

  private async relist(kinds: Set<ListKind>): Promise<void> {
    const t = await this.o.target();
    if (t === undefined) return;
    const before = t.lists;
    const announced = [...kinds].some((k) => this.announced.has(k));
    for (const k of kinds) this.announced.delete(k);
    const log = this.o.log;
    return fetchLists(t.conn, t.config, {
      only: kinds,
      previous: before,
      log: (text) => log.event(text),
    }).then(
      (got) => {
        if (!t.current()) return;
        const said = before.instructions;
        const lists = said === undefined ? got : { ...got, instructions: said };
        if (t.cacheKey !== undefined) this.o.cache?.write(t.cacheKey, lists, this.o.name);
        const changed = announced || !sameLists(before, lists);
        if (changed) log.event(`list changed (${[...kinds].join(", ")}): now ${lists.tools.length} tools`);
        this.o.apply(lists, changed);
      },
      (err: unknown) => log.event(`re-listing ${[...kinds].join(", ")} failed: ${errorMessage(err)}`),
    );
  }
}
