// Elicitation requests from servers (§9) wait here until the person answers them in the UI. Each server's
// client gets `handler(server)`; a form becomes fields to fill in, a URL request is shown whole and opened
// only when the person says so — and only a URL `checkUserUrl` lets through (§8.5), the rest is refused
// with an error to the server. A request the server withdraws (its signal), a cancelled turn or the end of
// the session answers `cancel`, so nothing waits forever.
import { EventEmitter } from "node:events";
import type { ElicitResult } from "@modelcontextprotocol/client";
import type { ElicitationHandler } from "../../core/mcp/connection/elicitation.js";
import type { FormSpec } from "../../core/mcp/connection/elicitation-form.js";
import { checkUserUrl, formSpec } from "../../core/host/elicitation.js";
import { stripControl } from "../../core/text/strip.js";

export type PendingElicitation =
  | { id: number; server: string; mode: "form"; message: string; spec: FormSpec }
  | { id: number; server: string; mode: "url"; message: string; url: string };

interface Waiting {
  p: PendingElicitation;
  resolve: (r: ElicitResult) => void;
}

export interface ElicitQueueEvents {
  changed: [];
  /** Something the person should read in the transcript (a refused URL, where a URL was opened). */
  notice: [level: "info" | "warning", text: string];
}

export class ElicitQueue extends EventEmitter<ElicitQueueEvents> {
  private readonly waiting: Waiting[] = [];
  private nextId = 1;

  /** `open` starts the browser on a checked URL; false when there is none to start. */
  constructor(private readonly open: (url: string) => boolean) {
    super();
  }

  handler(server: string): ElicitationHandler {
    return (params, signal) => {
      const message = stripControl(params.message);
      if (params.mode === "url") {
        const checked = checkUserUrl(params.url, `the elicitation URL of "${server}"`);
        if (!checked.ok) {
          this.emit("notice", "warning", checked.message);
          return Promise.reject(new Error(checked.message));
        }
        return this.wait({ id: this.nextId++, server, mode: "url", message, url: checked.url.href }, signal);
      }
      return this.wait({ id: this.nextId++, server, mode: "form", message, spec: formSpec(params) }, signal);
    };
  }

  current(): PendingElicitation | undefined {
    return this.waiting[0]?.p;
  }

  /** The person's answer; accepting a URL request opens it. A stale id (already withdrawn) is ignored. */
  answer(id: number, result: ElicitResult): void {
    const i = this.waiting.findIndex((w) => w.p.id === id);
    if (i === -1) return;
    const [w] = this.waiting.splice(i, 1);
    if (w === undefined) return;
    if (w.p.mode === "url" && result.action === "accept") {
      const opened = this.open(w.p.url);
      this.emit(
        "notice",
        "info",
        opened
          ? `opened in your browser for "${w.p.server}": ${w.p.url}`
          : `no browser could be started; open this URL for "${w.p.server}" yourself: ${w.p.url}`,
      );
      w.resolve({ action: "accept" });
    } else {
      w.resolve(result);
    }
    this.emit("changed");
  }

  /** Cancels every open request (the turn was cancelled, or the session ends). */
  cancelAll(): void {
    if (this.waiting.length === 0) return;
    for (const w of this.waiting.splice(0)) w.resolve({ action: "cancel" });
    this.emit("changed");
  }

  private wait(p: PendingElicitation, signal: AbortSignal): Promise<ElicitResult> {
    if (signal.aborted) return Promise.resolve({ action: "cancel" });
    return new Promise((resolve) => {
      const onAbort = () => this.answer(p.id, { action: "cancel" });
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push({
        p,
        resolve: (r) => {
          signal.removeEventListener("abort", onAbort);
          resolve(r);
        },
      });
      this.emit("changed");
    });
  }
}
