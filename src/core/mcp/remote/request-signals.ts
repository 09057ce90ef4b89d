// Streamable HTTP requests get a signal of their own instead of the transport's one long-lived signal. undici's
// Request adds an abort listener to the signal it is given, counts the signal's listeners first, and removes
// its listener only once the request has been garbage-collected. The SDK hands every POST the same transport
// signal, so under load thousands of listeners pile up between collections and each request walks them all
// (a gateway with 100 calls in flight spent ~5% of its time there). Here requests share a child signal, at
// most `perChild` to a child, and every child is aborted with the transport's signal.
import { getEventListeners } from "node:events";
import type { FetchLike } from "@modelcontextprotocol/client";

interface Child {
  controller: AbortController;
  given: number;
  /** Requests whose fetch has not settled: their listener may not be on the signal yet. */
  pending: number;
}

/** The children of one long-lived signal. */
class ChildSignals {
  private current: Child | undefined;
  /** Children that may still have requests listening. */
  private readonly live = new Set<Child>();

  constructor(
    parent: AbortSignal,
    private readonly perChild: number,
  ) {
    parent.addEventListener(
      "abort",
      () => {
        for (const c of this.live) c.controller.abort(parent.reason);
        this.live.clear();
      },
      { once: true },
    );
  }

  next(): Child {
    if (this.current === undefined || this.current.given >= this.perChild) {
      // A settled request's listener goes when undici's request is collected: a child with no request
      // pending and no listener left has nothing to abort.
      for (const c of this.live)
        if (c.pending === 0 && getEventListeners(c.controller.signal, "abort").length === 0)
          this.live.delete(c);
      this.current = { controller: new AbortController(), given: 0, pending: 0 };
      this.live.add(this.current);
    }
    this.current.given++;
    return this.current;
  }

  /** Children kept (for tests). */
  get size(): number {
    return this.live.size;
  }
}

export interface ChildSignalFetch extends FetchLike {
  /** How many child signals `parent` has that may still be listened to (for tests). */
  childrenOf(parent: AbortSignal): number;
}

/** `fetch` with each long-lived `init.signal` replaced by a child signal that aborts with it. */
export function withChildSignals(fetch: FetchLike, perChild = 32): ChildSignalFetch {
  const children = new WeakMap<AbortSignal, ChildSignals>();
  const wrapped = (url: string | URL, init?: RequestInit) => {
    const parent = init?.signal;
    if (parent === undefined || parent === null || parent.aborted) return fetch(url, init);
    let signals = children.get(parent);
    if (signals === undefined) children.set(parent, (signals = new ChildSignals(parent, perChild)));
    const child = signals.next();
    child.pending++;
    const settled = () => void child.pending--;
    const p = fetch(url, { ...init, signal: child.controller.signal });
    p.then(settled, settled);
    return p;
  };
  return Object.assign(wrapped, { childrenOf: (parent: AbortSignal) => children.get(parent)?.size ?? 0 });
}
