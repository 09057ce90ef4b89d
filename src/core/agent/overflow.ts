// Fitting the conversation into the model's context window (§10): compaction (the older turns become a summary
// the model writes, the recent ones stay verbatim) and, when the provider still says the request is too long,
// how much of the largest tool results to cut, harder each round. The agent loop applies the outcomes.
import type { LanguageModel, ModelMessage } from "ai";
import { summaryMessage } from "../session/records.js";
import type { CompactOutcome } from "./agent-options.js";
import { writeSummary } from "./compact.js";
import { chooseCut, KEEP_SHARE, nextRequestTokens, type LastRequest } from "./context.js";
import type { Usage } from "./events.js";
import type { ProviderFailure } from "./provider/failure.js";
import type { RequestContext } from "./request-step.js";

export type Compaction =
  | { ok: false; message: string; usage?: Usage }
  | {
      ok: true;
      /** The summary message followed by the kept ones: the conversation from now on. */
      messages: ModelMessage[];
      summary: string;
      usage: Usage;
      outcome: Extract<CompactOutcome, { ok: true }>;
    };

/** Older messages → a summary the model writes (its usage counts even when it fails). */
export async function compactMessages(o: {
  model: LanguageModel;
  messages: readonly ModelMessage[];
  window: number;
  /** Tokens of the system prompt and tool definitions. */
  fixed: number;
  last?: LastRequest;
  focus?: string;
  request: RequestContext;
  signal?: AbortSignal;
}): Promise<Compaction> {
  const cut = chooseCut(o.messages, Math.floor(o.window * KEEP_SHARE));
  if (cut === undefined) return { ok: false, message: "there are no earlier turns to summarise yet" };
  const before = nextRequestTokens({
    fixed: o.fixed,
    messages: o.messages,
    ...(o.last !== undefined && { last: o.last }),
  });
  const older = o.messages.slice(0, cut);
  const kept = o.messages.slice(cut);
  const r = await writeSummary({
    model: o.model,
    older,
    ...(o.focus !== undefined && { focus: o.focus }),
    // The summary request holds little but the transcript: let it take ~60% of the window (4 chars a token).
    maxChars: Math.max(4000, Math.floor(o.window * 4 * 0.6)),
    request: o.request,
    ...(o.signal !== undefined && { signal: o.signal }),
  });
  if (!r.ok) return { ok: false, message: r.error ?? "the summary request failed", usage: r.usage };
  const messages = [summaryMessage(r.summary), ...kept];
  const after = nextRequestTokens({ fixed: o.fixed, messages });
  return {
    ok: true,
    messages,
    summary: r.summary,
    usage: r.usage,
    outcome: {
      ok: true,
      summarized: older.length,
      kept: kept.length,
      tokensBefore: before,
      tokensAfter: after,
    },
  };
}

/** The warning of the first "too long": the conversation is compacted before anything is cut. */
export function overflowNotice(f: ProviderFailure): string {
  const said = f.providerMessage !== undefined ? ` (${f.providerMessage.slice(0, 200)})` : "";
  return `the request is longer than the model's context window${said}; compacting the conversation and trying again`;
}

/**
 * Characters of tool results to cut after the `round`th "too long": down to 85% of the limit (60% from the
 * third round), by the provider's figures when it gave them, else by the estimate of the request.
 */
export function overflowCutChars(
  f: ProviderFailure,
  round: number,
  o: { estimate: number; window: number },
): number {
  const aim = round <= 2 ? 0.85 : 0.6;
  const overTokens =
    f.figures !== undefined ? f.figures.requested - f.figures.limit * aim : o.estimate - o.window * aim;
  // Four characters a token, and at least a quarter of the request: the estimate may be far off.
  return Math.max(overTokens * 4, (o.estimate * 4) / (round <= 2 ? 4 : 2));
}

export function cutNotice(r: { cut: number; removed: number }): string {
  return `cut ${r.cut} tool result${r.cut === 1 ? "" : "s"} by ${r.removed} characters to fit the model's context window; trying again`;
}

/** A failure that sending the same conversation again would repeat: the request itself is refused. */
export function refusedContent(f: ProviderFailure, steps: number): boolean {
  if (f.kind === "context-overflow") return true;
  if (f.kind === "http" && (f.status === 400 || f.status === 413 || f.status === 422)) return true;
  // Nothing came back for the prompt at all (provider down, key wrong): the user sends it again.
  return steps === 1;
}
