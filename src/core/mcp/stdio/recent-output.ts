// The last things a server wrote, to say why it died (last-words.ts picks from them): its stderr lines and the
// words of messages MCP has no method for, in arrival order. The log keeps everything; this keeps only the end,
// bounded in entries and in characters, so that a server flooding stderr costs neither memory nor time here.
import type { Written } from "./last-words.js";

export const RECENT_ENTRIES = 50;
export const ENTRY_CHARS = 1000;

export class RecentOutput {
  private readonly entries: Written[] = [];

  push(written: Written): void {
    // A progress bar redraws with `\r`; only its last state is worth keeping.
    let text = written.text.slice(written.text.lastIndexOf("\r") + 1);
    if (!/\S/.test(text)) return;
    if (text.length > ENTRY_CHARS) text = text.slice(0, ENTRY_CHARS);
    this.entries.push({ ...written, text });
    if (this.entries.length > RECENT_ENTRIES) this.entries.shift();
  }

  /** Oldest first. */
  list(): Written[] {
    return [...this.entries];
  }
}
