// Keeping a conversation inside the model's context window (§10): compaction (older messages → a summary the
// model writes; the recent ones stay verbatim) and, when the provider still says the request is too long,
// cutting the largest tool results, harder each round.
import type { LanguageModel } from "ai";
import type { HookRunner } from "../hooks/runner.js";
import type { CompactOutcome } from "./agent-options.js";
import type { Conversation } from "./conversation.js";
import { estimateMessages, nextRequestTokens, shouldCompact } from "./context.js";
import type { AgentEvent } from "./events.js";
import { compactMessages, cutNotice, overflowCutChars, overflowNotice } from "./overflow.js";
import { cutToolResults } from "./cut-results.js";
import type { ProviderFailure } from "./provider/failure.js";
import type { RequestContext } from "./request-step.js";

export interface UpkeepParts {
  model: LanguageModel;
  hooks?: HookRunner | undefined;
  window: number;
  /** Tokens of the next request's system prompt and tool definitions. */
  fixed: number;
  request: RequestContext;
}

export interface UpkeepOptions {
  signal?: AbortSignal;
  onEvent: (e: AgentEvent) => void;
}

export async function compactConversation(
  c: Conversation,
  p: UpkeepParts,
  o: UpkeepOptions & { auto: boolean; focus?: string },
): Promise<CompactOutcome> {
  const trigger = o.auto ? "auto" : "manual";
  await p.hooks?.run(
    "PreCompact",
    { trigger, custom_instructions: o.focus ?? "" },
    { subject: [trigger], ...(o.signal !== undefined && { signal: o.signal }) },
  );
  const r = await compactMessages({
    model: p.model,
    messages: c.messages,
    window: p.window,
    fixed: p.fixed,
    ...(c.last !== undefined && { last: c.last }),
    ...(o.focus !== undefined && { focus: o.focus }),
    request: p.request,
    ...(o.signal !== undefined && { signal: o.signal }),
  });
  if (r.usage !== undefined) o.onEvent({ type: "step-finish", usage: r.usage });
  if (!r.ok) return { ok: false, message: r.message };
  c.compacted(r.messages, { summary: r.summary, kept: r.outcome.kept });
  const { ok: _, ...done } = r.outcome;
  o.onEvent({ type: "compaction", auto: o.auto, ...done });
  return r.outcome;
}

/**
 * Before a step: compaction when the next request would come near the window. Undefined when it was not near;
 * a failure to compact is warned of, and the request is made anyway.
 */
export async function compactIfNear(
  c: Conversation,
  p: UpkeepParts,
  o: UpkeepOptions & { warn: (message: string) => void },
): Promise<boolean | undefined> {
  const next = nextRequestTokens({
    fixed: p.fixed,
    messages: c.messages,
    ...(c.last !== undefined && { last: c.last }),
  });
  if (!shouldCompact(next, p.window)) return undefined;
  const r = await compactConversation(c, p, { auto: true, ...o });
  if (!r.ok)
    o.warn(`the conversation is near the model's context window and could not be compacted: ${r.message}`);
  return r.ok;
}

/**
 * The provider said the request is too long: compact the conversation in the first round; when that cannot be
 * done or was not enough, cut the largest tool results. "none": nothing left to try.
 */
export async function recoverOverflow(
  c: Conversation,
  p: UpkeepParts,
  f: ProviderFailure,
  round: number,
  o: UpkeepOptions,
): Promise<"compacted" | "cut" | "none"> {
  if (round === 1) {
    o.onEvent({ type: "warning", message: overflowNotice(f) });
    const compacted = await compactConversation(c, p, { auto: true, ...o });
    if (compacted.ok) return "compacted";
  }
  const estimate = p.fixed + estimateMessages(c.messages);
  const r = cutToolResults(c.messages, overflowCutChars(f, round, { estimate, window: p.window }));
  if (r.cut === 0) return "none";
  c.cut(r.messages);
  o.onEvent({ type: "warning", message: cutNotice(r) });
  return "cut";
}
