import { describe, expect, it } from "vitest";
import {
  MAX_OVERFLOW_ROUNDS,
  nextMove,
  type NextMove,
  type StepShape,
  type TurnPlace,
} from "./after-step.js";

const at = (o: Partial<TurnPlace> = {}): TurnPlace => ({
  steps: 2,
  maxSteps: 25,
  overflows: 0,
  compacted: false,
  ...o,
});
const error = (kind: string, text = "", status?: number): StepShape =>
  ({ kind: "error", text, failure: { kind, ...(status !== undefined && { status }) } }) as StepShape;
const calls = (n: number): StepShape => ({ kind: "done", calls: Array.from({ length: n }, (_, i) => i) });

describe("nextMove", () => {
  it.each<[string, StepShape, TurnPlace, NextMove]>([
    ["an answer without calls", calls(0), at(), "answered"],
    ["calls within the limit", calls(2), at(), "run-tools"],
    ["calls at the step limit", calls(1), at({ steps: 25 }), "step-limit"],
    ["an answer at the step limit still ends by the Stop hooks", calls(0), at({ steps: 25 }), "answered"],
    ["a stopped step", { kind: "aborted" }, at(), "end"],
    ["too long: make it fit", error("context-overflow"), at(), "recover"],
    [
      "too long after every round",
      error("context-overflow"),
      at({ overflows: MAX_OVERFLOW_ROUNDS }),
      "take-back",
    ],
    [
      "too long, but compacted this turn: not the conversation refused",
      error("context-overflow"),
      at({ overflows: MAX_OVERFLOW_ROUNDS, compacted: true }),
      "end",
    ],
    ["HTTP 400 before any text", error("http", "", 400), at(), "take-back"],
    ["HTTP 400 after some text: the text is kept", error("http", "partial", 400), at(), "end"],
    ["a server error on a later step", error("http", "", 500), at(), "end"],
    ["nothing came back for the prompt at all", error("refused"), at({ steps: 1 }), "take-back"],
    ["a cut connection on a later step", error("cut"), at({ steps: 3 }), "end"],
  ])("%s", (_, step, place, expected) => {
    expect(nextMove(step, place)).toBe(expected);
  });
});
