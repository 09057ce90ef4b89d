// Prompt caching (§23). Anthropic caches a request's prefix only up to the blocks marked `cache_control`, at
// most four of them; the prefix runs tools → system → messages. Marked here: the last tool sent whole (the
// tools), the system prompt, the conversation's tail (the last message), and the tail of the previous request
// (the message before the last answer), so a step that added more than the API's 20-block look-back still
// finds the cache the step before wrote. Other providers cache a stable prefix by themselves: nothing to mark.
// Pure: returns new values, never mutates what it is given.
import type { ModelMessage, SystemModelMessage, Tool, ToolSet } from "ai";

/** The most breakpoints an Anthropic request may carry (more is an HTTP 400, or ignored by the SDK). */
export const MAX_BREAKPOINTS = 4;

const EPHEMERAL = { cacheControl: { type: "ephemeral" } } as const;

export interface PromptParts {
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
}

export interface MarkedParts {
  system: string | SystemModelMessage;
  messages: ModelMessage[];
  tools: ToolSet;
}

/** Whether requests to this AI SDK provider (`anthropic.messages`, …) take cache breakpoints. */
export function takesBreakpoints(provider: string | undefined): boolean {
  return provider !== undefined && provider.split(".")[0] === "anthropic";
}

export function markCache(provider: string | undefined, p: PromptParts): MarkedParts {
  if (!takesBreakpoints(provider)) return p;
  const tools = markLastTool(p.tools);
  const system: string | SystemModelMessage =
    p.system === ""
      ? p.system
      : { role: "system", content: p.system, providerOptions: { anthropic: EPHEMERAL } };
  const marks = tailIndexes(p.messages).slice(0, MAX_BREAKPOINTS - 2);
  const messages = p.messages.map((m, i) => (marks.includes(i) ? mark(m) : m));
  return { system, messages, tools };
}

/** The last message, and the last one before the latest assistant message (the previous request's tail). */
export function tailIndexes(messages: readonly ModelMessage[]): number[] {
  const last = messages.length - 1;
  if (last < 0) return [];
  let answer = -1;
  for (let i = last; i >= 0; i--)
    if (messages[i]!.role === "assistant") {
      answer = i;
      break;
    }
  const previous = answer - 1;
  return previous >= 0 && previous !== last && messages[previous]!.role !== "system"
    ? [last, previous]
    : [last];
}

function mark<M extends ModelMessage>(m: M): M {
  const anthropic = { ...(m.providerOptions?.anthropic ?? {}), ...EPHEMERAL };
  return { ...m, providerOptions: { ...m.providerOptions, anthropic } };
}

/**
 * The last function tool sent whole: a deferred one is not part of the cached prefix (the API refuses a
 * breakpoint on it), and a provider-run tool (the tool search) takes no options.
 */
function markLastTool(tools: ToolSet): ToolSet {
  const names = Object.keys(tools);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    const t = tools[name]!;
    if (t.type === "provider" || t.providerOptions?.anthropic?.deferLoading === true) continue;
    const anthropic = { ...(t.providerOptions?.anthropic ?? {}), ...EPHEMERAL };
    const marked: Tool = { ...t, providerOptions: { ...t.providerOptions, anthropic } };
    return { ...tools, [name]: marked };
  }
  return tools;
}
