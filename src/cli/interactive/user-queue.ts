// The interactive UserChannel: ask_user questions and exit_plan_mode approvals wait here until the person
// answers in the UI. A cancelled turn dismisses whatever is still open (a question gets no answer, a plan
// is not approved), so nothing waits forever.
import { EventEmitter } from "node:events";
import type { UserChannel, UserQuestion } from "../../core/tools/builtin/index.js";

export type PendingQuestion =
  | { id: number; kind: "ask"; question: string; options: string[] }
  | { id: number; kind: "plan"; plan: string };

export type QuestionAnswer =
  { kind: "ask"; answer: string | undefined } | { kind: "plan"; approved: boolean; feedback?: string };

interface Waiting {
  q: PendingQuestion;
  resolve: (a: QuestionAnswer) => void;
}

export class UserQueue extends EventEmitter<{ changed: [] }> implements UserChannel {
  private readonly waiting: Waiting[] = [];
  private nextId = 1;

  async ask(q: UserQuestion, signal?: AbortSignal): Promise<string | undefined> {
    const a = await this.wait(
      { id: this.nextId++, kind: "ask", question: q.question, options: q.options ?? [] },
      signal,
    );
    return a.kind === "ask" ? a.answer : undefined;
  }

  async approvePlan(plan: string, signal?: AbortSignal): Promise<{ approved: boolean; feedback?: string }> {
    const a = await this.wait({ id: this.nextId++, kind: "plan", plan }, signal);
    if (a.kind !== "plan") return { approved: false };
    return { approved: a.approved, ...(a.feedback !== undefined && { feedback: a.feedback }) };
  }

  current(): PendingQuestion | undefined {
    return this.waiting[0]?.q;
  }

  answer(id: number, a: QuestionAnswer): void {
    const i = this.waiting.findIndex((w) => w.q.id === id);
    if (i === -1) return;
    const [w] = this.waiting.splice(i, 1);
    w?.resolve(a);
    this.emit("changed");
  }

  /** Dismisses every open question (the turn was cancelled, or the session ends). */
  dismissAll(): void {
    if (this.waiting.length === 0) return;
    for (const w of this.waiting.splice(0)) w.resolve(dismissed(w.q));
    this.emit("changed");
  }

  private wait(q: PendingQuestion, signal: AbortSignal | undefined): Promise<QuestionAnswer> {
    if (signal?.aborted === true) return Promise.resolve(dismissed(q));
    return new Promise((resolve) => {
      const onAbort = () => this.answer(q.id, dismissed(q));
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push({
        q,
        resolve: (a) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(a);
        },
      });
      this.emit("changed");
    });
  }
}

function dismissed(q: PendingQuestion): QuestionAnswer {
  return q.kind === "ask" ? { kind: "ask", answer: undefined } : { kind: "plan", approved: false };
}
