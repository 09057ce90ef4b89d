// What one turn adds up to (§10, §15.5): its steps, the model's texts, the usage of its requests and the
// tool-definition tokens they carried — each counted into the session's totals as well — and the result it
// ends with.
import { addUsage, type AgentEvent, type FinishReason, type TurnResult, type Usage } from "./events.js";
import type { CallOutcome } from "./run-tools.js";

/** The session's totals, across turns and sub-agents. */
export interface SessionTotals {
  usage: Usage;
  definitionTokens: number;
}

export class TurnTally {
  steps = 0;
  readonly texts: string[] = [];
  private readonly usage: Usage = { inputTokens: 0, outputTokens: 0 };
  private definitionTokens = 0;

  constructor(
    private readonly session: SessionTotals,
    private readonly onEvent: (e: AgentEvent) => void,
  ) {}

  /** Passes an event on, counting a step's usage. */
  readonly count = (e: AgentEvent): void => {
    if (e.type === "step-finish") addUsage(e.usage, this.usage, this.session.usage);
    this.onEvent(e);
  };

  definitions(tokens: number): void {
    this.definitionTokens += tokens;
    this.session.definitionTokens += tokens;
  }

  /** A sub-agent's requests (task) count into this turn's usage, not into this context's size. */
  subagents(outcomes: readonly CallOutcome[]): void {
    for (const { result } of outcomes) {
      if (result.usage === undefined) continue;
      addUsage(result.usage, this.usage, this.session.usage);
      this.definitions(result.usage.toolDefinitionTokens ?? 0);
    }
  }

  /** The turn's result, announced as its `finish` event: the last text the model wrote, or all of them. */
  end(reason: FinishReason, error?: string, errorCode?: string): TurnResult {
    const last = this.texts.at(-1) ?? "";
    const r: TurnResult = {
      text: last.trim() !== "" ? last : this.texts.join(""),
      reason,
      steps: this.steps,
      ...(error !== undefined && { error }),
      ...(errorCode !== undefined && { errorCode }),
      usage: this.usage,
      toolDefinitionTokens: this.definitionTokens,
    };
    this.onEvent({ type: "finish", ...r });
    return r;
  }
}
