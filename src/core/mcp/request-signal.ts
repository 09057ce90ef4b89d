// The SDK (v1) listens on a request's AbortSignal for as long as the signal lives, not as long as the request:
// aborting a long-lived signal (a server's start-up or session signal) later sends notifications/cancelled for
// requests answered long before. Each request therefore gets a signal of its own that follows the caller's only
// while that request is in flight (§4.4: cancel only what is still in flight).

/** Runs `request` with a signal that mirrors `parent` until the request settles, then lets go of it. */
export async function inFlightOnly<T>(
  parent: AbortSignal | undefined,
  request: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (parent === undefined) return request(undefined);
  const own = new AbortController();
  const follow = () => own.abort(parent.reason);
  if (parent.aborted) follow();
  else parent.addEventListener("abort", follow, { once: true });
  try {
    return await request(own.signal);
  } finally {
    parent.removeEventListener("abort", follow);
  }
}
