// The index of `mcp search`, built while the servers start and register (§15.1). Each server's tools become
// one piece of the index. A server with a long list has its piece read or built on a worker thread: sent the
// raw stdout line of its tools/list answer the moment it is read (`onListLine`), which the thread reads as the
// connection will (`listingOfLine`), or else the lists' JSON text (the tool cache's file text) once they are
// in; so the piece is ready about when the main thread has parsed and registered those same tools. Other
// servers' pieces are prepared on the main thread as their tools register, while the rest still start. At the
// end the piece serves the tools that registered from that very listing (the server's lists did not change
// since), each found by its registered and original name; anything else (a resource or prompt tool) gets a
// piece of its own. On a machine with no core to spare, the main thread builds every piece (`threadPays`).
import { availableParallelism, loadavg } from "node:os";
import type { McpManager } from "../../core/mcp/manager.js";
import type { ServerLists } from "../../core/mcp/server-state.js";
import type { IndexCache } from "../../core/search/index-cache.js";
import type { SearchableTool } from "../../core/search/types.js";
import type { ToolRegistry } from "../../core/tools/registry.js";
import { lazySearchable } from "../../core/tools/searchable.js";
import type { ToolEntry } from "../../core/tools/types.js";
import {
  cpuTicks,
  freeCores,
  ownTicksSince,
  PieceThread,
  threadPays,
  type CpuTicks,
  type NotAListing,
  type ThreadPiece,
} from "./mcp-search-thread.js";
import { wholeListing, type ListingContext } from "../../core/mcp/list-line.js";

/** Shorter lists are prepared on the main thread: a thread's start costs more than their piece. */
const THREAD_MIN_TOOLS = 200;

interface Sent {
  server: string;
  lists: ServerLists;
  made: Promise<ThreadPiece | undefined>;
}

export class ListedPieces {
  private thread: PieceThread | undefined | null = null;
  private manager: McpManager | undefined;
  private readonly sent: Sent[] = [];
  private readonly sentLists = new WeakSet<ServerLists>();
  /** Servers whose piece is (being) read or built on the thread. */
  readonly servers = new Set<string>();
  /** Each starting server's long stdout lines, sent to the thread as they came (`onListLine`). */
  private readonly early = new Map<
    string,
    { id: number; made: Promise<ThreadPiece | NotAListing | undefined> }[]
  >();
  /** Tool-cache writes handed to the thread, each settled once written there or here. */
  private readonly cacheWrites: Promise<void>[] = [];
  /** Servers whose live lists came: their later lines are no listing of a start. */
  private readonly listed = new Set<string>();
  /** Registered tools a thread piece serves, in the form the index is given them. */
  private readonly served = new Map<ToolEntry, SearchableTool>();

  /** Whether long lists may go to a thread: then the manager keeps their text for it (`keepListTexts`). */
  readonly useThread: boolean;
  /** Decided at the first long list, from what was idle since this start (`threadPays`). */
  private readonly decide: { ticks: CpuTicks | undefined; cpu: NodeJS.CpuUsage; cores: number } | undefined;

  /** `thread`: build pieces on a thread (default: when one pays, `threadPays`). */
  constructor(
    private readonly dir: string,
    opts: { thread?: boolean } = {},
  ) {
    const cores = availableParallelism();
    this.useThread = opts.thread ?? cores >= 2;
    if (opts.thread === undefined && this.useThread)
      this.decide = { ticks: cpuTicks(), cpu: process.cpuUsage(), cores };
  }

  /**
   * For the manager (`ClientSetup.onListLine`): a long stdout line of a starting server goes to the thread the
   * moment it is read, before the main thread decodes, parses, judges and caches it; when it was the server's
   * whole tool list, the thread's piece is ready about when the main thread has registered the same tools.
   */
  readonly onListLine = (server: string, line: Uint8Array, listing: ListingContext): void => {
    if (this.listed.has(server)) return;
    const thread = this.threadNow();
    if (thread === undefined) return;
    const lines = this.early.get(server) ?? [];
    lines.push(thread.fromLine(server, line, listing, this.dir));
    this.early.set(server, lines);
  };

  /** Follows `m` from before its start: a listener ahead of the registry's, so lists are sent first. */
  follow(m: McpManager): void {
    this.manager = m;
    m.prependListener("lists", (name, lists) => {
      if (lists.fromCache) this.send(name, lists);
    });
    m.prependListener("state", (name, state) => {
      if (state.status === "ready") this.send(name, m.snapshot(name).lists);
    });
  }

  /**
   * Waits for the thread's pieces and hands each to `cache` for the tools of `registry` it serves: those
   * of its server registered from the very lists it was made of (the bridge registers a server's current
   * lists, so unchanged lists mean those entries), matched by registered and original name.
   */
  async adoptInto(cache: IndexCache, registry: ToolRegistry): Promise<void> {
    const made = await Promise.all(this.sent.map((s) => s.made));
    // The pieces are in: the thread makes the keys of those built before them while the results are made.
    void this.thread?.keyPieces();
    this.sent.forEach(({ server, lists }, k) => {
      const r = made[k];
      if (r === undefined || this.manager?.snapshot(server).lists !== lists) return;
      const at = new Map(r.docs.names.map((n, i) => [n, i]));
      const docs = new Array<SearchableTool | undefined>(r.docs.names.length);
      for (const e of registry.serverEntries(server)) {
        if (e.source.type !== "mcp" || e.source.kind !== "tool" || e.source.server !== server) continue;
        const i = at.get(e.name);
        if (i === undefined || docs[i] !== undefined || r.docs.tools[i] !== e.source.tool) continue;
        const t = lazySearchable(e as ToolEntry & { source: { type: "mcp" } });
        docs[i] = t;
        this.served.set(e, t);
      }
      cache.adopt(r.found, docs);
    });
  }

  /** The searchable form of a registered tool that a thread piece serves (after `adoptInto`). */
  servedAs(entry: ToolEntry): SearchableTool | undefined {
    return this.served.get(entry);
  }

  /**
   * Starts the thread before any list arrives, while servers with nothing cached start and the main thread
   * only waits: its own start (about a tenth of a second) is then over when their lists come, instead of
   * coming after the first. Only where a thread pays now; unused, it ends with `close`.
   */
  prestart(): void {
    if (this.thread === null && this.useThread && this.pays()) this.thread = PieceThread.start();
  }

  /**
   * Ends the thread, once it has made the keys of the pieces it built before them (`PieceThread.keyPieces`) and
   * the tool-cache writes handed to it are made (there, or here when it could not): call it after the results
   * are out and before the index is saved.
   */
  async close(): Promise<void> {
    await Promise.all([this.thread?.keyPieces(), ...this.cacheWrites]);
    void this.thread?.close();
  }

  private pays(): boolean {
    if (this.decide === undefined) return true;
    const { ticks, cpu, cores } = this.decide;
    const now = ticks === undefined ? undefined : cpuTicks();
    const free =
      ticks === undefined || now === undefined ? undefined : freeCores(ticks, now, cores, ownTicksSince(cpu));
    return threadPays(loadavg()[0]!, cores, free);
  }

  private send(name: string, lists: ServerLists): void {
    // A start's own lines are over once its live lists are here (cached lists may come before them).
    const early = lists.fromCache ? [] : (this.early.get(name) ?? []);
    if (!lists.fromCache) {
      this.early.delete(name);
      this.listed.add(name);
    }
    if ((lists.tools.length < THREAD_MIN_TOOLS && early.length === 0) || this.sentLists.has(lists)) return;
    const thread = this.threadNow();
    if (thread === undefined) return;
    this.sentLists.add(lists);
    this.servers.add(name);
    // The tool cache's text of these lists when it has one; else the tools as JSON. Wanted only when no line of
    // the start was the whole tool list.
    const build = () =>
      thread.build(name, this.manager?.listsText(lists) ?? JSON.stringify({ tools: lists.tools }), this.dir);
    const made =
      early.length === 0
        ? build()
        : Promise.all(early.map((e) => e.made)).then(
            (replies) => pieceOfListing(replies, lists.tools.length) ?? build(),
          );
    this.sent.push({ server: name, lists, made });
    // The thread holds the tools of the line that was this list: it writes the tool cache from them, while the
    // main thread registers, searches and prints.
    const write = early.length === 0 ? undefined : this.manager?.takeCacheWrite(name);
    if (write !== undefined)
      this.cacheWrites.push(
        thread
          .writeCache(
            early.map((e) => e.id),
            write.file,
            write.lists,
            write.server,
          )
          .then((written) => {
            if (!written) write.write();
          }),
      );
  }

  private threadNow(): PieceThread | undefined {
    if (this.thread === null) this.thread = this.useThread && this.pays() ? PieceThread.start() : undefined;
    return this.thread;
  }
}

/**
 * The piece made of a starting server's lines when one of them was the whole tool list its lists hold `tools`
 * tools of (`wholeListing`): then that listing is the one the server's live lists were read from.
 */
export function pieceOfListing(
  replies: readonly (ThreadPiece | NotAListing | undefined)[],
  tools: number,
): ThreadPiece | undefined {
  return wholeListing(
    replies.map((r) => (r !== undefined && "listing" in r ? r.listing : r)),
    (p) => p.docs.tools.length,
    tools,
  );
}
