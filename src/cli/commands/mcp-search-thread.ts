// Index pieces read or built on a worker thread (§15.1): the piece of a server's 5 000 tools takes a few hundred
// milliseconds, which a cold `mcp search` would otherwise add after registering them. The thread is sent the
// server's lists as JSON text the moment they arrive (a string costs a copy, where the tools themselves
// would cost a structured clone) and builds the piece while the main thread records pins and registers the
// same tools. The thread is unref'd (it never keeps the process alive) and, like every piece, its result is
// pure: the same tools give the same piece wherever they are built.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FoundPiece } from "../../core/search/index-cache.js";
import type { PieceRequest } from "./mcp-search-worker.js";

/**
 * Whether a thread can build pieces alongside the main thread: only when a core is free (the 1-minute load
 * average leaves at least one). On a busy machine the thread's start, its copy of the lists and the main
 * thread it slows cost more than it hides, and the main thread builds the pieces itself, as fast.
 */
export function threadPays(load: number, cores: number): boolean {
  return cores >= 2 && load <= cores - 1;
}

/** A piece made on the thread, and what its docs are: registered and original names, in doc order. */
export interface ThreadPiece {
  found: FoundPiece;
  docs: { names: string[]; tools: string[] };
}

export class PieceThread {
  private next = 0;
  private readonly pending = new Map<number, (r: ThreadPiece | undefined) => void>();

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on("message", ({ id, ...r }: ThreadPiece & { id: number }) => {
      this.pending.get(id)?.(r);
      this.pending.delete(id);
    });
    // A thread that fails leaves the pieces to the main thread (the caller builds what it did not get).
    const fail = () => {
      for (const done of this.pending.values()) done(undefined);
      this.pending.clear();
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
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, server, lists, dir } satisfies PieceRequest);
    });
  }

  /** Ends the thread; builds still running resolve undefined. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
