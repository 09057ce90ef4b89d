// Loaded before every test file (vitest.config.ts `setupFiles`). vi.waitFor gives up after 1 s unless told
// otherwise, which turns each such wait into a performance assertion on a loaded machine: CI runs several
// workers on two cores, and an ink render or a model round trip then takes longer than that. The tests wait
// for an event, not for a time, so the default becomes a safety net of 10 s; a wait given its own timeout
// keeps it. (expect.poll's default is set in the config.)
import { vi } from "vitest";

export const WAIT_MS = 10_000;

type WaitFor = typeof vi.waitFor;
const marked = (f: WaitFor) => (f as WaitFor & { withDefault?: true }).withDefault === true;

// Files that share a worker run this once each: wrap the original once.
if (!marked(vi.waitFor)) {
  const original = vi.waitFor;
  const waitFor = ((callback, options = {}) =>
    original(callback, typeof options === "number" ? options : { timeout: WAIT_MS, ...options })) as WaitFor;
  vi.waitFor = Object.assign(waitFor, { withDefault: true as const });
}
