// Compaction (§10): the older part of the conversation becomes a summary the model writes, in a separate
// request with a summarisation prompt and no tools. The older messages are sent as a plain transcript,
// so the request is valid for every provider whatever tool calls they hold, and long tool output is cut.
import type { LanguageModel, ModelMessage } from "ai";
import { requestStep, type RequestContext } from "./request-step.js";

export const SUMMARY_SYSTEM =
  "You summarise a conversation between a user and a coding agent so that the agent can continue the work " +
  "without the original messages. Write plain text with these headings: Task (what the user asked for, in " +
  "their words where it matters), Progress (what was done: files read or changed with their paths, commands " +
  "run and what they showed, decisions taken), Open points (what is still to do, errors still unsolved), " +
  "Details to keep (names, paths, values, snippets the rest of the work needs). Be complete but brief; do " +
  "not invent anything; do not address the user.";

/** Each tool result and each message is cut to this many characters in the transcript sent. */
const PART_MAX = 2000;

export interface SummaryOutcome {
  ok: boolean;
  summary: string;
  error?: string;
  usage: { inputTokens: number; outputTokens: number };
}

export async function writeSummary(o: {
  model: LanguageModel;
  older: readonly ModelMessage[];
  /** What the user asked the summary to focus on (`/compact FOCUS`). */
  focus?: string;
  /** Characters of transcript that fit in the request. */
  maxChars: number;
  signal?: AbortSignal;
  /** Retries and the endpoint errors name (the turn's budget when compacting mid-turn). */
  request?: RequestContext;
}): Promise<SummaryOutcome> {
  let transcript = renderTranscript(o.older);
  if (transcript.length > o.maxChars) {
    // The middle goes: the start holds the task as first stated, the end what comes next depends on.
    const head = Math.floor(o.maxChars / 4);
    const tail = o.maxChars - head;
    transcript =
      `${transcript.slice(0, head)}\n\n[… ${transcript.length - o.maxChars} characters omitted …]\n\n` +
      transcript.slice(-tail);
  }
  const ask =
    `The conversation so far:\n\n<transcript>\n${transcript}\n</transcript>\n\n` +
    "Write the summary now." +
    (o.focus !== undefined && o.focus.trim() !== "" ? ` Focus on: ${o.focus.trim()}` : "");
  const usage = { inputTokens: 0, outputTokens: 0 };
  const step = await requestStep(
    {
      model: o.model,
      system: SUMMARY_SYSTEM,
      messages: [{ role: "user", content: ask }],
      tools: [],
      ...(o.signal !== undefined && { signal: o.signal }),
      onEvent: (e) => {
        if (e.type === "step-finish") {
          usage.inputTokens += e.usage.inputTokens;
          usage.outputTokens += e.usage.outputTokens;
        }
      },
      onWarning: () => undefined,
    },
    o.request ?? { budget: { waitLeftMs: 0 } },
  );
  if (step.kind === "error") return { ok: false, summary: "", error: step.error, usage };
  if (step.kind === "aborted") return { ok: false, summary: "", error: "cancelled", usage };
  if (step.text.trim() === "")
    return { ok: false, summary: "", error: "the model wrote an empty summary", usage };
  return { ok: true, summary: step.text.trim(), usage };
}

/** The messages as a readable transcript: who said what, which tools ran with which arguments. */
export function renderTranscript(messages: readonly ModelMessage[]): string {
  const out: string[] = [];
  for (const m of messages) {
    if (typeof m.content === "string") {
      out.push(`${label(m.role)}: ${cut(m.content)}`);
      continue;
    }
    for (const p of m.content) {
      switch (p.type) {
        case "text":
          out.push(`${label(m.role)}: ${cut(p.text)}`);
          break;
        case "tool-call":
          out.push(`Agent called ${p.toolName} ${cut(JSON.stringify(p.input ?? {}), 500)}`);
          break;
        case "tool-result":
          out.push(`Result of ${p.toolName}: ${cut(outputText(p.output))}`);
          break;
        default:
          break;
      }
    }
  }
  return out.join("\n\n");
}

function label(role: string): string {
  return role === "user" ? "User" : role === "assistant" ? "Agent" : role === "system" ? "System" : "Tool";
}

function cut(s: string, max = PART_MAX): string {
  return s.length > max ? `${s.slice(0, max)} […${s.length - max} characters cut]` : s;
}

function outputText(o: unknown): string {
  const v = o as { type?: string; value?: unknown };
  if (typeof v.value === "string") return v.value;
  if (Array.isArray(v.value))
    return v.value
      .map((p: { type?: string; text?: string }) => (p.type === "text" ? (p.text ?? "") : `[${p.type}]`))
      .join("\n");
  return JSON.stringify(v.value ?? "");
}
