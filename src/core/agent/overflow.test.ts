// The decisions of overflow recovery: how much to cut after each "too long", and which failures would repeat.
import { describe, expect, it } from "vitest";
import { cutNotice, overflowCutChars, overflowNotice, refusedContent } from "./overflow.js";
import type { ProviderFailure } from "./provider/failure.js";

const overflow = (figures?: { requested: number; limit: number }): ProviderFailure => ({
  kind: "context-overflow",
  ...(figures !== undefined && { figures }),
});

describe("overflowCutChars", () => {
  it.each([
    // [round, provider's figures, estimate, window, characters to cut]
    [1, { requested: 150_000, limit: 100_000 }, 120_000, 128_000, (150_000 - 85_000) * 4],
    [2, { requested: 150_000, limit: 100_000 }, 120_000, 128_000, (150_000 - 85_000) * 4],
    [3, { requested: 150_000, limit: 100_000 }, 120_000, 128_000, (150_000 - 60_000) * 4],
    // Without figures the estimate against the window decides.
    [2, undefined, 120_000, 100_000, (120_000 - 85_000) * 4],
    // At least a quarter of the request (half from round 3), however close the estimate says it is.
    [2, undefined, 80_000, 100_000, 80_000],
    [3, undefined, 50_000, 100_000, 100_000],
  ])("round %i, figures %j, estimate %i, window %i → %i", (round, figures, estimate, window, chars) => {
    expect(overflowCutChars(overflow(figures), round, { estimate, window })).toBe(chars);
  });
});

describe("refusedContent", () => {
  it.each<[ProviderFailure, number, boolean]>([
    [{ kind: "context-overflow" }, 4, true],
    [{ kind: "http", status: 400 }, 4, true],
    [{ kind: "http", status: 413 }, 4, true],
    [{ kind: "http", status: 422 }, 4, true],
    [{ kind: "http", status: 500 }, 4, false],
    [{ kind: "http", status: 500 }, 1, true],
    [{ kind: "refused" }, 1, true],
    [{ kind: "refused" }, 2, false],
  ])("%j at step %i → %s", (f, steps, refused) => {
    expect(refusedContent(f, steps)).toBe(refused);
  });
});

describe("notices", () => {
  it("quotes the provider's words, capped, and counts the cut results", () => {
    expect(overflowNotice({ kind: "context-overflow", providerMessage: "prompt is too long" })).toBe(
      "the request is longer than the model's context window (prompt is too long); compacting the conversation and trying again",
    );
    expect(overflowNotice({ kind: "context-overflow", providerMessage: "x".repeat(300) })).toContain(
      `(${"x".repeat(200)});`,
    );
    expect(cutNotice({ cut: 1, removed: 5000 })).toBe(
      "cut 1 tool result by 5000 characters to fit the model's context window; trying again",
    );
    expect(cutNotice({ cut: 3, removed: 9 })).toBe(
      "cut 3 tool results by 9 characters to fit the model's context window; trying again",
    );
  });
});
