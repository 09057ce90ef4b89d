// Whether a stdio server that ended during the `server/discover` probe ended *because of* it, and so deserves a
// second start as a 2025-era server (§14). A server that fails at start for its own reasons — a missing API key,
// a module not found, a refused database — must not be spawned twice: it either never read the probe (its stdin
// was already closed: EPIPE), or it said why it failed on stderr without a word about the protocol. Pure.
import type { Written } from "../stdio/last-words.js";

export interface ProbeEnd {
  /** Writing the probe failed with EPIPE: the process had closed its input before it could read it. */
  refusedInput: boolean;
  /** What it wrote (stderr lines, unknown messages) before it ended, oldest first. */
  said: readonly Written[];
}

/** Words a server uses when it ends on a request it did not expect before `initialize`. */
const ABOUT_THE_PROBE =
  /server\/discover|initiali[sz]|method not found|-32601|unknown method|unsupported method|invalid request|-32600|jsonrpc|json-rpc|protocol/i;

export function endedOnProbe(end: ProbeEnd): boolean {
  if (end.refusedInput) return false;
  const lines = end.said.map((w) => w.text.trim()).filter((t) => t !== "");
  // A silent exit tells nothing: the probe may have been the cause.
  if (lines.length === 0) return true;
  return lines.some((t) => ABOUT_THE_PROBE.test(t));
}
