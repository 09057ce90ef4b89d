// What a session file holds (§10), one JSON record a line: the metadata first, then every message as it
// happens, and a marker where the conversation was compacted. Replaying the records is a pure function:
// the model's view (summary + recent messages) and the full log (for the transcript) both come from it.
import type { ModelMessage } from "ai";

export const SESSION_FORMAT = 1;

export interface SessionMeta {
  type: "meta";
  format: number;
  id: string;
  /** The project directory the session ran in (`--continue` picks by it). */
  cwd: string;
  model?: string;
  /** ISO time. */
  created: string;
  /** From the first prompt: one line, cut. */
  title: string;
}

export interface MessageRecord {
  type: "message";
  time: string;
  message: ModelMessage;
}

/** The older messages were replaced by `summary`; the last `kept` messages before this record stay. */
export interface CompactionRecord {
  type: "compaction";
  time: string;
  summary: string;
  kept: number;
}

/** The last `count` messages of the model's view were taken back (a turn the provider refused, §10). */
export interface RollbackRecord {
  type: "rollback";
  time: string;
  count: number;
}

/** The model's view is now exactly `messages` (tool results cut to fit the context window, §10). */
export interface HistoryRecord {
  type: "history";
  time: string;
  messages: ModelMessage[];
}

export type SessionRecord = SessionMeta | MessageRecord | CompactionRecord | RollbackRecord | HistoryRecord;

export interface Replayed {
  /** What the model is sent next: after a compaction, the summary message and the messages kept. */
  messages: ModelMessage[];
  /** Every message ever recorded, with the compaction points (index into `log`) for the transcript. */
  log: ModelMessage[];
  compactions: { at: number; summary: string }[];
}

export const TITLE_MAX = 80;

export function titleOf(prompt: string): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** The user message that stands for the compacted part of the conversation. */
export function summaryMessage(summary: string): ModelMessage {
  return {
    role: "user",
    content:
      "This session continues an earlier conversation whose older turns were compacted. Summary of them:\n\n" +
      `<conversation-summary>\n${summary.trim()}\n</conversation-summary>`,
  };
}

export function replay(records: readonly SessionRecord[]): Replayed {
  let messages: ModelMessage[] = [];
  const log: ModelMessage[] = [];
  const compactions: Replayed["compactions"] = [];
  for (const r of records) {
    if (r.type === "message") {
      messages.push(r.message);
      log.push(r.message);
    } else if (r.type === "compaction") {
      const kept = Math.max(0, Math.min(messages.length, r.kept));
      messages = [summaryMessage(r.summary), ...messages.slice(messages.length - kept)];
      compactions.push({ at: log.length - kept, summary: r.summary });
    } else if (r.type === "rollback") {
      messages = messages.slice(0, Math.max(0, messages.length - r.count));
    } else if (r.type === "history") {
      messages = [...r.messages];
    }
  }
  return { messages: repairHistory(messages), log, compactions };
}

/** Parses one line; anything that is not a record of a known shape is undefined (the line is skipped). */
export function parseRecord(line: string): SessionRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  const r = v as Record<string, unknown>;
  switch (r.type) {
    case "meta":
      return typeof r.id === "string" && typeof r.cwd === "string"
        ? (r as unknown as SessionMeta)
        : undefined;
    case "message": {
      const m = r.message as { role?: unknown; content?: unknown } | undefined;
      const ok =
        typeof m === "object" &&
        m !== null &&
        (m.role === "user" || m.role === "assistant" || m.role === "tool" || m.role === "system") &&
        (typeof m.content === "string" || Array.isArray(m.content));
      return ok ? (r as unknown as MessageRecord) : undefined;
    }
    case "compaction":
      return typeof r.summary === "string" && typeof r.kept === "number"
        ? (r as unknown as CompactionRecord)
        : undefined;
    case "rollback":
      return typeof r.count === "number" && r.count >= 0 ? (r as unknown as RollbackRecord) : undefined;
    case "history":
      return Array.isArray(r.messages) ? (r as unknown as HistoryRecord) : undefined;
    default:
      return undefined;
  }
}

const NOT_RUN = "not run: the session ended before this call finished";

/**
 * A conversation a provider accepts: a session killed between a tool call and its result (or with a
 * result line lost) would otherwise fail on every request. Calls without a result get one that says so;
 * results without their call are dropped.
 */
export function repairHistory(messages: readonly ModelMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as ModelMessage;
    if (m.role === "tool") {
      const prev = out.at(-1);
      const asked = prev?.role === "assistant" ? callIds(prev) : new Set<string>();
      const content = m.content.filter((p) => p.type !== "tool-result" || asked.has(p.toolCallId));
      if (content.length > 0) out.push({ ...m, content });
      continue;
    }
    out.push(m);
    if (m.role !== "assistant") continue;
    const calls = toolCalls(m);
    if (calls.length === 0) continue;
    const next = messages[i + 1];
    const answered = new Set(
      next?.role === "tool"
        ? next.content.flatMap((p) => (p.type === "tool-result" ? [p.toolCallId] : []))
        : [],
    );
    const missing = calls.filter((c) => !answered.has(c.id));
    if (missing.length === 0) continue;
    const results = missing.map((c) => ({
      type: "tool-result" as const,
      toolCallId: c.id,
      toolName: c.name,
      output: { type: "error-text" as const, value: NOT_RUN },
    }));
    if (next?.role === "tool") {
      messages = [
        ...messages.slice(0, i + 1),
        { ...next, content: [...next.content, ...results] },
        ...messages.slice(i + 2),
      ];
    } else out.push({ role: "tool", content: results });
  }
  return out;
}

function toolCalls(m: ModelMessage): { id: string; name: string }[] {
  if (m.role !== "assistant" || typeof m.content === "string") return [];
  return m.content.flatMap((p) =>
    p.type === "tool-call" && p.providerExecuted !== true ? [{ id: p.toolCallId, name: p.toolName }] : [],
  );
}

function callIds(m: ModelMessage): Set<string> {
  return new Set(toolCalls(m).map((c) => c.id));
}
