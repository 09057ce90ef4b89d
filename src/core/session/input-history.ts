// The prompt's Up/Down history across sessions (§10): `$CODEAGENT_HOME/history.jsonl`, one line per
// submitted input with its project directory. Appends are single O_APPEND writes; the file is cut back to
// its newest lines once it grows well past the bound, so it never grows without end.
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";

/** Entries offered per project. */
export const HISTORY_PER_PROJECT = 500;
/** Lines kept in the file when it is cut back (it is cut at twice this). */
export const HISTORY_FILE_LINES = 5000;
/** A pasted novel is not history worth keeping. */
const ENTRY_MAX_CHARS = 10_000;

export class InputHistory {
  private readonly cwd: string;

  constructor(
    readonly file: string,
    cwd: string,
  ) {
    this.cwd = resolve(cwd);
  }

  /** This project's entries, oldest first, without immediate repeats. */
  load(): string[] {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch {
      return [];
    }
    const lines = text.split("\n").filter((l) => l !== "");
    const out: string[] = [];
    for (const line of lines) {
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        continue;
      }
      const e = v as { cwd?: unknown; text?: unknown };
      if (e.cwd === this.cwd && typeof e.text === "string" && out.at(-1) !== e.text) out.push(e.text);
    }
    if (lines.length > 2 * HISTORY_FILE_LINES) this.cutBack(lines);
    return out.slice(-HISTORY_PER_PROJECT);
  }

  add(text: string): void {
    if (text.trim() === "" || text.length > ENTRY_MAX_CHARS) return;
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      const entry = { cwd: this.cwd, text, time: new Date().toISOString() };
      appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch {
      // History is a convenience: a read-only home must not break the session.
    }
  }

  /**
   * Rewrites the file with its newest lines, atomically. A line another session appends between the read
   * and the rename is lost; for a history that is cut back once per few thousand lines that is acceptable.
   */
  private cutBack(lines: readonly string[]): void {
    try {
      writeFileAtomic(this.file, `${lines.slice(-HISTORY_FILE_LINES).join("\n")}\n`, { secret: true });
    } catch {
      // Cut back next time.
    }
  }
}
