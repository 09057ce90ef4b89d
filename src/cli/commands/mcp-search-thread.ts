// Index pieces read or built on a worker thread (§15.1): the piece of a server's 5 000 tools takes a few hundred
// milliseconds, which a cold `mcp search` would otherwise add after registering them. The thread is sent the
// server's lists as JSON text the moment they arrive (a string costs a copy, where the tools themselves
// would cost a structured clone) and builds the piece while the main thread registers the
// same tools. The thread is unref'd (it never keeps the process alive) and, like every piece, its result is
// pure: the same tools give the same piece wherever they are built.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FoundPiece } from "../../core/search/piece-store.js";
import type { ListingContext } from "../../core/mcp/list-line.js";
import type { ServerLists } from "../../core/mcp/server-state.js";
import type { CacheRequest, KeysRequest, LineRequest, PieceRequest } from "./mcp-search-worker.js";

interface KeyReply {
  id: number;
  key: Uint8Array;
  file: string;
}

/**
 * Whether a thread can build pieces alongside the main thread: only when a core is free. On a busy machine
 * the thread's start, its copy of the lists and the main thread it slows cost more than it hides, and the
 * main thread builds the pieces itself, as fast. `freeCores` is what was idle (or this process's own) while
 * the servers started (`freeCores`, measured; at least half a core must have been); without it, the
 * 1-minute load average must leave a core. The load average lags by a minute: it counts a run of commands
 * just before (a user's earlier searches, a benchmark) as load, where the idle time of this very start says
 * what is free now.
 */
export function threadPays(load: number, cores: number, freeCores?: number): boolean {
  if (cores < 2) return false;
  if (freeCores !== undefined) return freeCores >= MIN_FREE_CORES;
  return load <= cores - 1;
}

const MIN_FREE_CORES = 0.5;
/** Fewer clock ticks than this between two readings (~0.1 s of two cores) say too little to go by. */
const MIN_TICKS = 20;

/** Clock ticks of all cores from /proc/stat: idle (idle + iowait) and in all; undefined where there is none. */
export interface CpuTicks {
  idle: number;
  total: number;
}

export function cpuTicks(): CpuTicks | undefined {
  try {
    return parseCpuTicks(readFileSync("/proc/stat", "latin1"));
  } catch {
    return undefined;
  }
}

/** The first line of /proc/stat: `cpu  user nice system idle iowait irq softirq steal …`. */
export function parseCpuTicks(stat: string): CpuTicks | undefined {
  const line = /^cpu\s+([\d\s]+)/.exec(stat);
  const f = line?.[1]?.trim().split(/\s+/).map(Number) ?? [];
  if (f.length < 5 || f.some((n) => !Number.isFinite(n))) return undefined;
  // Guest time is already counted in user and nice.
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { idle: f[3]! + f[4]!, total };
}

/**
 * How many cores were free on average between `a` and `b`: idle, or busy with this very process (`ownTicks`,
 * its own CPU time in clock ticks: work that is over when it waits for its servers, not load of others);
 * undefined for too short a span to tell.
 */
export function freeCores(a: CpuTicks, b: CpuTicks, cores: number, ownTicks = 0): number | undefined {
  const total = b.total - a.total;
  if (total < MIN_TICKS) return undefined;
  return Math.min(cores, ((Math.max(0, b.idle - a.idle) + Math.max(0, ownTicks)) / total) * cores);
}

/** Clock ticks a second in /proc/stat (USER_HZ, 100 on every Linux). */
const TICKS_PER_SECOND = 100;

/** This process's CPU time since `since` (`process.cpuUsage()`), in /proc/stat clock ticks. */
export function ownTicksSince(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return ((u.user + u.system) / 1e6) * TICKS_PER_SECOND;
}

/** A piece made on the thread, and what its docs are: registered and original names, in doc order. */
export interface ThreadPiece {
  found: FoundPiece;
  docs: { names: string[]; tools: string[] };
}

/** What a line sent to `fromLine` held, when it was not a whole tool list: a page of one, or something else. */
export interface NotAListing {
  listing: "page" | "other";
}

export class PieceThread {
  private next = 0;
  private readonly pending = new Map<number, (r: ThreadPiece | NotAListing | undefined) => void>();
  /** Cache writes waiting for the thread's word (`writeCache`). */
  private readonly acks = new Map<number, (written: boolean) => void>();
  /** Pieces built before their key, by request: `keyPieces` gives them their key and file. */
  private readonly unkeyed = new Map<number, ThreadPiece>();
  private keysDone: (() => void) | undefined;
  /** The keys being made (`keyPieces`): a second call waits for the same ones. */
  private keying: Promise<void> | undefined;
  /** The thread failed or ended: what is asked of it now is answered at once, as a failure. */
  private ended = false;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    type Reply =
      | (ThreadPiece & { id: number; later: boolean })
      | (NotAListing & { id: number })
      | { cache: number; written: boolean };
    worker.on("message", (m: Reply | { keys: KeyReply[] }) => {
      if ("keys" in m) {
        for (const { id, key, file } of m.keys) {
          const r = this.unkeyed.get(id);
          if (r !== undefined) Object.assign(r.found, { key, file });
        }
        this.unkeyed.clear();
        this.keysDone?.();
        return;
      }
      if ("cache" in m) {
        this.acks.get(m.cache)?.(m.written);
        this.acks.delete(m.cache);
      } else if ("listing" in m) this.settle(m.id, { listing: m.listing });
      else {
        const { id, later, ...r } = m;
        if (later) this.unkeyed.set(id, r);
        this.settle(id, r);
      }
    });
    // A thread that fails leaves the pieces to the main thread (the caller builds what it did not get), and
    // pieces without their key unsaved.
    const fail = () => {
      this.ended = true;
      for (const done of this.pending.values()) done(undefined);
      this.pending.clear();
      for (const done of this.acks.values()) done(false);
      this.acks.clear();
      this.keysDone?.();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
  }

  /** A thread, or undefined where the compiled worker is not there (the sources run under a test runner). */
  static start(): PieceThread | undefined {
    const file = fileURLToPath(new URL("./mcp-search-worker.js", import.meta.url));
    if (!existsSync(file)) return undefined;
    try {
      return new PieceThread(
        // Parsing a server's lists allocates megabytes at once: a larger young generation collects less often.
        new Worker(file, { resourceLimits: { maxYoungGenerationSizeMb: 64 } }),
      );
    } catch {
      return undefined;
    }
  }

  /**
   * The piece of `server`'s tools in `lists` (`{ "tools": [...] }` as JSON), named and in name order as
   * `listedSearchable` names them, read from `dir` or built; undefined if the thread failed.
   */
  build(server: string, lists: string, dir: string): Promise<ThreadPiece | undefined> {
    return this.ask((id) => ({ id, server, lists, dir }) satisfies PieceRequest).made as Promise<
      ThreadPiece | undefined
    >;
  }

  /**
   * The piece of the tools in `line` (UTF-8 bytes, taken over: a buffer of its own is moved to the thread, not
   * copied), a long stdout line of a starting `server`, read as its connection reads a tool listing
   * (`listingOfLine` with `listing`); what else the line was when it is not a whole tool list. The request's `id`
   * names the line to `writeCache`.
   */
  fromLine(
    server: string,
    line: Uint8Array,
    listing: ListingContext,
    dir: string,
  ): { id: number; made: Promise<ThreadPiece | NotAListing | undefined> } {
    // Only a plain array that owns its whole buffer is moved; a view, or a Buffer (whose memory Node may pool
    // or mark untransferable), is copied first.
    const own =
      line.constructor === Uint8Array && line.byteOffset === 0 && line.byteLength === line.buffer.byteLength
        ? line
        : new Uint8Array(line);
    return this.ask(
      (id) => ({ id, server, line: own, listing, dir }) satisfies LineRequest,
      [own.buffer as ArrayBuffer],
    );
  }

  /**
   * Writes a server's tool cache (`file`, `lists`, `server`: `ToolCache.take`) on the thread, with the tools of
   * the one of `lines` (`fromLine` ids, in order) that was its whole tool list; false when none was (the caller
   * writes it) or the thread failed.
   */
  writeCache(lines: number[], file: string, lists: ServerLists, server?: string): Promise<boolean> {
    const cache = this.next++;
    return new Promise((resolve) => {
      if (this.ended) return resolve(false);
      this.acks.set(cache, resolve);
      const rest = { ...lists, tools: null };
      const request = {
        cache,
        lines,
        tools: lists.tools.length,
        file,
        rest,
        ...(server !== undefined && { server }),
      } satisfies CacheRequest;
      if (this.post(request)) return;
      this.acks.delete(cache);
      resolve(false);
    });
  }

  private ask(
    request: (id: number) => PieceRequest | LineRequest,
    transfer: ArrayBuffer[] = [],
  ): {
    id: number;
    made: Promise<ThreadPiece | NotAListing | undefined>;
  } {
    const id = this.next++;
    const made = new Promise<ThreadPiece | NotAListing | undefined>((resolve) => {
      if (this.ended) return resolve(undefined);
      this.pending.set(id, resolve);
      if (!this.post(request(id), transfer)) this.settle(id, undefined);
    });
    return { id, made };
  }

  /**
   * Posts to the thread; false when the message could not go (a value that cannot be cloned or moved): the
   * request then fails as if the thread had, and the caller does the work itself.
   */
  private post(message: unknown, transfer: ArrayBuffer[] = []): boolean {
    try {
      this.worker.postMessage(message, transfer);
      return true;
    } catch {
      return false;
    }
  }

  private settle(id: number, r: ThreadPiece | NotAListing | undefined): void {
    this.pending.get(id)?.(r);
    this.pending.delete(id);
  }

  /**
   * Gives the pieces built before their key (in a folder with no piece file) their key and file, made on the
   * thread now: after the results are out, while the servers close. Without it they are not saved.
   */
  keyPieces(): Promise<void> {
    if (this.keying !== undefined) return this.keying;
    if (this.unkeyed.size === 0 || this.ended) return Promise.resolve();
    const done = new Promise<void>((resolve) => (this.keysDone = resolve));
    if (!this.post({ keys: true } satisfies KeysRequest)) this.keysDone?.();
    this.keying = done.then(() => {
      this.keysDone = undefined;
      this.keying = undefined;
    });
    return this.keying;
  }

  /** Ends the thread; builds still running resolve undefined. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
