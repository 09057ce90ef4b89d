// Accepting a server's changes from the pin file alone (§16, §17): for a server a program defined in code, the
// CLI has no config to start it from, but the host that saw the changes kept them beside the pins.
import type { PinStore } from "./store.js";
import { acceptPending } from "./pending.js";
import type { ToolChange } from "./review.js";

export interface PendingAcceptance {
  /** The server's identity key in the pin file (its name and a hash of what it runs). */
  key: string;
  accepted: ToolChange[];
  unknown: string[];
}

/** Accepts the pending changes of every server called `name` (for `tools`, or all); none pending: `[]`. */
export function acceptPendingNamed(
  store: PinStore,
  name: string,
  tools: readonly string[],
): PendingAcceptance[] {
  return store.pendingNamed(name).map(({ id, pending }) => {
    const a = store.update(id, (pins) => {
      const r = acceptPending(pins, pending, tools);
      return { pins: r.pins, result: r };
    });
    const done = new Set(a.accepted.map((c) => c.name));
    const left = {
      tools: Object.fromEntries(Object.entries(pending.tools).filter(([n]) => !done.has(n))),
      removed: pending.removed.filter((n) => !done.has(n)),
    };
    store.setPending(id, Object.keys(left.tools).length + left.removed.length > 0 ? left : undefined);
    return { key: id.key, accepted: a.accepted, unknown: a.unknown };
  });
}
