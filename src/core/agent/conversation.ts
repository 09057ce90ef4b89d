// One conversation as the model sees it and as the session file records it: the messages, the size of the last
// request (what the next one is estimated from), and every change a turn makes to both — a message added,
// older messages summarised, tool results cut, a refused prompt taken back.
import type { ModelMessage } from "ai";
import { repairHistory } from "../session/records.js";
import type { SessionLog } from "../session/store.js";
import type { LastRequest } from "./context.js";
import { SESSION_IMAGE_CHARS, sessionCopy } from "./images/attach-images.js";

export class Conversation {
  private list: ModelMessage[] = [];
  /** The provider's figures for the last request, and how many messages it carried. */
  last: LastRequest | undefined;
  /** Image data the session file may still keep inline (§23). */
  private readonly imageBudget = { left: SESSION_IMAGE_CHARS };

  constructor(public log: SessionLog | undefined) {}

  /** The conversation the model is sent next. */
  get messages(): ModelMessage[] {
    return this.list;
  }

  push(m: ModelMessage): void {
    this.list.push(m);
    this.log?.message(sessionCopy(m, this.imageBudget));
  }

  /** The provider's figures for a request that carried the first `messageCount` messages. */
  measured(usage: { inputTokens: number; outputTokens: number }, messageCount: number): void {
    this.last = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, messageCount };
  }

  /** An earlier session's messages (resume), repaired; they are not written again. */
  load(messages: readonly ModelMessage[]): void {
    this.list = repairHistory(messages);
    this.last = undefined;
  }

  clear(): void {
    this.list = [];
    this.last = undefined;
  }

  /** Older messages were summarised: the log marks the point. */
  compacted(messages: ModelMessage[], c: { summary: string; kept: number }): void {
    this.list = messages;
    this.last = undefined;
    this.log?.compaction(c);
  }

  /** Tool results were cut to fit the window: the log takes the whole history again. */
  cut(messages: ModelMessage[]): void {
    this.list = messages;
    this.last = undefined;
    this.log?.history(messages);
  }

  /** The messages from `start` on leave the model's view; the log keeps them, for the transcript. */
  takeBack(start: number): void {
    const n = this.list.length - start;
    this.list = this.list.slice(0, start);
    this.log?.rollback(n);
  }
}
