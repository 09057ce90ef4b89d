// The decisions of /rewind (§23), pure: which user messages can be rewound to (and what each turn changed),
// and what the files must become to stand as they did before a chosen message.
import type { ModelMessage } from "ai";
import type { FileCheckpoint } from "../session/records.js";
import { messageText } from "../session/store.js";
import { UNTRACKED_TOOLS } from "./snapshot.js";

export interface RewindPoint {
  /** Log index of the user message: a rewind goes back to just before it. */
  index: number;
  text: string;
  /** Files the tools of this turn changed (recorded before their first change). */
  files: string[];
  /** The turn ran tools whose changes are not tracked (shell commands): those stay as they are. */
  untracked: string[];
}

export type RewindScope = "both" | "conversation" | "code";

/** One entry per user message of the log, oldest first. */
export function rewindPoints(
  log: readonly ModelMessage[],
  checkpoints: readonly FileCheckpoint[],
): RewindPoint[] {
  const points: RewindPoint[] = [];
  log.forEach((m, index) => {
    if (m.role === "user") {
      const files = [...new Set(checkpoints.filter((c) => c.turn === index).map((c) => c.path))];
      points.push({ index, text: messageText(m), files, untracked: [] });
      return;
    }
    const open = points.at(-1);
    if (open === undefined || m.role !== "assistant" || typeof m.content === "string") return;
    for (const p of m.content)
      if (p.type === "tool-call" && UNTRACKED_TOOLS.has(p.toolName) && !open.untracked.includes(p.toolName))
        open.untracked.push(p.toolName);
  });
  return points;
}

export interface FileTarget {
  path: string;
  /** The content to put back; null: the file did not exist and is removed. */
  content: Buffer | null;
}

/** What each file changed since before message `to` must become: its earliest checkpoint from then on. */
export function restoreTargets(checkpoints: readonly FileCheckpoint[], to: number): FileTarget[] {
  const targets = new Map<string, FileTarget>();
  for (const c of checkpoints) {
    if (c.turn < to || targets.has(c.path)) continue;
    const content =
      c.before === null ? null : Buffer.from(c.before, c.encoding === "base64" ? "base64" : "utf8");
    targets.set(c.path, { path: c.path, content });
  }
  return [...targets.values()];
}
