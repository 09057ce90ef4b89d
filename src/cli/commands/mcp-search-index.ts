// The index of `mcp search`, built while the servers start and register (§15.1). Each server's tools become
// one piece of the index. A server with a long list has its piece read or built on a worker thread from the
// list itself, sent the moment the list arrives (from the warm cache or the live server), so it is ready
// while the main thread records pins and registers those same tools; other servers' pieces are prepared on
// the main thread as their tools register, while the rest still start. At the end every piece is checked
// against what did register (a tool left out or renamed makes the piece be built again) and joined.
import type { McpManager } from "../../core/mcp/manager.js";
import type { ServerLists } from "../../core/mcp/server-state.js";
import type { FoundPiece, IndexCache } from "../../core/search/index-cache.js";
import { PieceThread } from "../../core/search/piece-thread.js";
import type { SearchableTool } from "../../core/search/types.js";
import { listedSearchable } from "../../core/tools/searchable.js";
import type { ToolEntry } from "../../core/tools/types.js";

/** Shorter lists are prepared on the main thread: a thread's start costs more than their piece. */
const THREAD_MIN_TOOLS = 200;

export class ListedPieces {
  private thread: PieceThread | undefined | null = null;
  private readonly sent = new WeakSet<ServerLists>();
  private readonly pending: Promise<{ tools: SearchableTool[]; found: FoundPiece } | undefined>[] = [];
  /** Servers whose piece is (being) read or built on the thread. */
  readonly servers = new Set<string>();
  /** By registered name: the listed tool's own schema and its searchable form, sent to the thread. */
  private readonly byName = new Map<string, { schema: unknown; tool: SearchableTool }>();

  constructor(private readonly dir: string) {}

  /** Follows `m` from before its start: a listener ahead of the registry's, so lists are sent first. */
  follow(m: McpManager): void {
    m.prependListener("lists", (name, lists) => {
      if (lists.fromCache) this.send(name, lists);
    });
    m.prependListener("state", (name, state) => {
      if (state.status === "ready") this.send(name, m.snapshot(name).lists);
    });
  }

  /** Hands every piece the thread made to `cache`, once they are all there. */
  async adoptInto(cache: IndexCache): Promise<void> {
    for (const r of await Promise.all(this.pending)) if (r !== undefined) cache.adopt(r.tools, r.found);
  }

  /**
   * The searchable form sent for a registered MCP tool, when the entry came from that very listing (same
   * schema object, name and description): the index then finds it in the piece without comparing text.
   */
  sentFor(entry: ToolEntry): SearchableTool | undefined {
    const sent = this.byName.get(entry.name);
    if (sent === undefined || entry.source.type !== "mcp" || entry.source.kind !== "tool") return undefined;
    const raw = entry.rawInputSchema;
    if (raw !== sent.schema || typeof raw !== "object" || raw === null || Array.isArray(raw))
      return undefined;
    const t = sent.tool;
    const description = entry.fullDescription ?? entry.description;
    return t.server === entry.source.server && t.tool === entry.source.tool && t.description === description
      ? t
      : undefined;
  }

  close(): void {
    void this.thread?.close();
  }

  private send(name: string, lists: ServerLists): void {
    if (lists.tools.length < THREAD_MIN_TOOLS || this.sent.has(lists)) return;
    if (this.thread === null) this.thread = PieceThread.start();
    if (this.thread === undefined) return;
    this.sent.add(lists);
    this.servers.add(name);
    const listed = listedSearchable(name, lists.tools);
    listed.forEach((t, i) => this.byName.set(t.name, { schema: lists.tools[i]!.inputSchema, tool: t }));
    const tools = listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.pending.push(this.thread.build(tools, this.dir).then((found) => found && { tools, found }));
  }
}
