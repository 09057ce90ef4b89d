// The tools a session keeps loaded beyond the built-ins (§15.2): each tool the model called or a search
// found, least recently touched first, which of them were called (tool-eviction.ts keeps those longer), and
// which the model has been told are not loaded, so each tool the provider's count pushes out is reported
// to the model once instead of vanishing from its tool list unsaid.
import type { ModelMessage } from "ai";
import { reportLoad, type LoadReport } from "./load-report.js";
import { SEARCH_TOOL } from "./search-tool.js";
import type { ToolPlan } from "./tool-plan.js";

export class SessionTools {
  private order: string[] = [];
  private called = new Set<string>();
  /** Tools the model was told are not loaded, and that still are not. */
  private toldOut = new Set<string>();

  /** `names` best first: the first ends as the most recent. `search_tools` itself is always sent. */
  touch(names: readonly string[], how: "called" | "found"): void {
    for (const n of [...names].reverse()) {
      if (n === SEARCH_TOOL) continue;
      const i = this.order.indexOf(n);
      if (i !== -1) this.order.splice(i, 1);
      this.order.push(n);
      if (how === "called") this.called.add(n);
    }
  }

  /** Least recently called or found first. */
  get names(): readonly string[] {
    return this.order;
  }

  get calledNames(): ReadonlySet<string> {
    return this.called;
  }

  /**
   * What to tell the model about the plan of the next request: `found` are a search's hits (none after
   * other calls). Each tool left out is reported once; a tool that is loaded again may be reported again.
   */
  report(found: readonly string[], plan: ToolPlan, limit: string): LoadReport {
    const r = reportLoad(found, plan, this.toldOut, limit);
    this.toldOut = new Set(plan.overLimit);
    return r;
  }

  /** A request carries this plan: tools it loads again are no longer "told not loaded". */
  sent(plan: ToolPlan): void {
    const over = new Set(plan.overLimit);
    for (const n of this.toldOut) if (!over.has(n)) this.toldOut.delete(n);
  }

  /** The state of another session (a model switch keeps what was used and what the model was told). */
  copyFrom(other: SessionTools): void {
    this.order = [...other.order];
    this.called = new Set(other.called);
    this.toldOut = new Set(other.toldOut);
  }

  reset(): void {
    this.order = [];
    this.called = new Set();
    this.toldOut = new Set();
  }
}

/** Registered-tool calls in a conversation, oldest first (provider-run calls are not the host's tools). */
export function calledTools(messages: readonly ModelMessage[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const p of m.content)
      if (p.type === "tool-call" && p.providerExecuted !== true) out.push(p.toolName);
  }
  return out;
}
