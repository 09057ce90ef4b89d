// Recording side of checkpoints (§23): which files a step's calls are about to change, and their contents
// now. Only the built-in file tools are tracked (their permission subject names the files they edit); a
// shell command's changes cannot be known beforehand and are not recorded.
import { readFileSync, statSync } from "node:fs";
import type { FileBefore } from "../session/store.js";
import type { ToolEntry } from "../tools/types.js";

/** A file over this size is not recorded: a rewind leaves it as it is. */
export const CHECKPOINT_MAX_BYTES = 10 * 1024 * 1024;

/** Built-in tools whose changes a rewind undoes (their calls name the files they write). */
export const TRACKED_TOOLS: ReadonlySet<string> = new Set([
  "write_file",
  "edit_file",
  "multi_edit",
  "notebook_edit",
]);

/** Tools whose changes to files are not tracked: a rewind list marks the turns that called them. */
export const UNTRACKED_TOOLS: ReadonlySet<string> = new Set(["bash", "execute_code"]);

export interface StepCall {
  name: string;
  args: unknown;
}

/** Real paths the calls may write, each once, in call order. Pure apart from the tools' own `subject`. */
export function pathsToRecord(
  calls: readonly StepCall[],
  lookup: (name: string) => ToolEntry | undefined,
): string[] {
  const out: string[] = [];
  for (const call of calls) {
    if (!TRACKED_TOOLS.has(call.name)) continue;
    const entry = lookup(call.name);
    if (entry?.source.type !== "builtin" || typeof call.args !== "object" || call.args === null) continue;
    const subject = entry.subject?.(call.args as Record<string, unknown>);
    if (subject?.kind !== "edit") continue;
    for (const p of subject.paths) if (!out.includes(p)) out.push(p);
  }
  return out;
}

/** The file as it is now; undefined when it cannot be recorded (a directory, too large, unreadable). */
export function readBefore(path: string, maxBytes = CHECKPOINT_MAX_BYTES): FileBefore | undefined {
  let size: number;
  try {
    const s = statSync(path);
    if (!s.isFile()) return undefined;
    size = s.size;
  } catch (e) {
    return (e as { code?: string }).code === "ENOENT" ? { path, before: null } : undefined;
  }
  if (size > maxBytes) return undefined;
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return undefined;
  }
  const text = buf.toString("utf8");
  // Bytes that are not UTF-8 would not survive the round trip through a string: keep them as base64.
  return Buffer.from(text, "utf8").equals(buf)
    ? { path, before: text }
    : { path, before: buf.toString("base64"), encoding: "base64" };
}

/** Records each path once per turn: `seen` holds the paths recorded since the turn began. */
export function recordBefore(
  calls: readonly StepCall[],
  lookup: (name: string) => ToolEntry | undefined,
  seen: Set<string>,
  record: (c: FileBefore) => void,
): void {
  for (const path of pathsToRecord(calls, lookup)) {
    if (seen.has(path)) continue;
    seen.add(path);
    const before = readBefore(path);
    if (before !== undefined) record(before);
  }
}
