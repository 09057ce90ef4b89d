// Reads the bench servers' spawn log (one JSON line per server process: start and `initialized` times) and
// tells how many servers were starting at once at most — 1 means the client started them one after another.
import { readFileSync } from "node:fs";

export function readSpawnLog(file) {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
}

export function maxConcurrentStarts(entries) {
  const events = entries.flatMap((e) => [
    { t: e.start, d: 1 },
    { t: e.initialized, d: -1 },
  ]);
  // Ends before starts at the same instant, so back-to-back starts do not count as overlapping.
  events.sort((a, b) => a.t - b.t || a.d - b.d);
  let now = 0;
  let max = 0;
  for (const e of events) {
    now += e.d;
    max = Math.max(max, now);
  }
  return max;
}
