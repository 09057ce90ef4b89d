// Which of the session's used and found tools keep their definitions in a request when they do not all fit
// the provider's tool count (§15.3). Pure. Built-ins and alwaysLoad tools are never candidates: they are
// always sent. Tools the model called are kept over tools a search only found (a call says the model relies
// on it; a search result lists several guesses), and among equals the most recently called or found win, so
// the tools evicted first are the ones found longest ago and never used.

export interface LoadCandidate {
  name: string;
  /** The model called it in this session (not only found it by a search). */
  called: boolean;
}

export interface LoadChoice {
  /** Kept, in candidate order (oldest first). */
  keep: string[];
  /** Left out for the count, in candidate order. */
  drop: string[];
}

/** `candidates` least recently called or found first, each name once; at most `room` are kept. */
export function chooseLoaded(candidates: readonly LoadCandidate[], room: number): LoadChoice {
  const rank = candidates.map((c, i) => ({ c, i }));
  // Called before found-only, then newest first; the first `room` of this order stay.
  rank.sort((a, b) => Number(b.c.called) - Number(a.c.called) || b.i - a.i);
  const kept = new Set(rank.slice(0, Math.max(0, room)).map((r) => r.i));
  const keep: string[] = [];
  const drop: string[] = [];
  candidates.forEach((c, i) => (kept.has(i) ? keep : drop).push(c.name));
  return { keep, drop };
}
