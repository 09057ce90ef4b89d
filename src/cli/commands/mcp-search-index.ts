// The index of `mcp search`, built while the servers start and register (§15.1). Each server's tools become
// one piece of the index. A server with a long list has its piece read or built on a worker thread, sent the
// lists' JSON text (the tool cache's file text, read or just written) the moment they arrive, so it is ready
// while the main thread registers those same tools; other servers' pieces are prepared on
// the main thread as their tools register, while the rest still start. At the end the piece serves the
// tools that registered from that very listing (the server's lists did not change since), each found by its
// registered and original name; anything else (a resource or prompt tool) gets a piece of its own. On a
// machine with no core to spare, the main thread builds every piece (see `threadPays`).
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
  type ThreadPiece,
} from "./mcp-search-thread.js";

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
   * Ends the thread, once it has made the keys of the pieces it built before them (`PieceThread.keyPieces`):
   * call it after the results are out and before the index is saved.
   */
  async close(): Promise<void> {
    await this.thread?.keyPieces();
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
    if (lists.tools.length < THREAD_MIN_TOOLS || this.sentLists.has(lists)) return;
    if (this.thread === null) this.thread = this.useThread && this.pays() ? PieceThread.start() : undefined;
    if (this.thread === undefined) return;
    this.sentLists.add(lists);
    this.servers.add(name);
    // The tool cache's text of these lists; without a cache folder, the tools as JSON.
    const text = this.manager?.listsText(lists) ?? JSON.stringify({ tools: lists.tools });
    this.sent.push({ server: name, lists, made: this.thread.build(name, text, this.dir) });
  }
}
