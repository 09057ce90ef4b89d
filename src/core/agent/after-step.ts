// What a turn does after a model step (§10), from the step's outcome and where the turn is. Pure.
import { refusedContent } from "./overflow.js";
import type { ProviderFailure } from "./provider/failure.js";

/** Rounds of making the conversation fit after the provider said it is too long, per turn. */
export const MAX_OVERFLOW_ROUNDS = 3;

export type NextMove =
  /** The provider said the request is too long: make the conversation fit, send the same request again. */
  | "recover"
  /** The provider will refuse this conversation again: the turn leaves the model's view (`--continue` works). */
  | "take-back"
  /** The step failed or was stopped: keep what it said, end the turn. */
  | "end"
  /** The model answered without calling a tool: the Stop hooks decide whether the turn ends. */
  | "answered"
  /** It called tools, but the step limit is reached: the calls are answered, not run. */
  | "step-limit"
  | "run-tools";

export type StepShape =
  | { kind: "done"; calls: readonly unknown[] }
  | { kind: "aborted" }
  | { kind: "error"; text: string; failure: ProviderFailure };

export interface TurnPlace {
  /** Model steps so far, this one included. */
  steps: number;
  maxSteps: number;
  /** Overflow rounds already tried in this turn. */
  overflows: number;
  /** Whether the conversation was compacted during this turn (then it is not the one refused). */
  compacted: boolean;
}

export function nextMove(step: StepShape, at: TurnPlace): NextMove {
  if (step.kind === "error") {
    if (step.failure.kind === "context-overflow" && at.overflows < MAX_OVERFLOW_ROUNDS) return "recover";
    if (step.text.trim() === "" && !at.compacted && refusedContent(step.failure, at.steps))
      return "take-back";
    return "end";
  }
  if (step.kind !== "done") return "end";
  if (step.calls.length === 0) return "answered";
  return at.steps >= at.maxSteps ? "step-limit" : "run-tools";
}
