// One "abort" listener per caller signal, however many calls share it. A library program, the agent's turn and a
// code-mode script each hand one signal to many concurrent calls; a listener per call on that signal passes
// Node's default limit of 10 and prints a MaxListenersExceededWarning on the user's stderr. The caller owns its
// signal, so its limit is left alone: the calls watch it through this one listener instead.

const watchers = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `fn` once when `signal` aborts (not if it already has: check first); returns a function that stops it. */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  let set = watchers.get(signal);
  if (set === undefined) {
    const fresh = new Set<() => void>();
    watchers.set(signal, fresh);
    signal.addEventListener(
      "abort",
      () => {
        watchers.delete(signal);
        for (const f of fresh) f();
      },
      { once: true },
    );
    set = fresh;
  }
  const own = set;
  own.add(fn);
  return () => void own.delete(fn);
}
