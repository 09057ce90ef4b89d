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

/**
 * A file as it was before a tool first changed it in the current turn (§23): `before` null when it did not
 * exist; base64 when its bytes are not UTF-8 text. The turn is the latest user message before the record.
 */
export interface CheckpointRecord {
  type: "checkpoint";
  time: string;
  /** Absolute real path. */
  path: string;
  before: string | null;
  encoding?: "base64";
}

/** The conversation went back to before the user message at log index `to` (/rewind, §23). */
export interface RewindRecord {
  type: "rewind";
  time: string;
  to: number;
}

export type SessionRecord =
  | SessionMeta
  | MessageRecord
  | CompactionRecord
  | RollbackRecord
  | HistoryRecord
  | CheckpointRecord
  | RewindRecord;

/** A checkpoint with the turn it belongs to: `turn` is the log index of that turn's user message. */
export interface FileCheckpoint {
  turn: number;
  path: string;
  before: string | null;
  encoding?: "base64";
}

export interface Replayed {
  /** What the model is sent next: after a compaction, the summary message and the messages kept. */
  messages: ModelMessage[];
  /** Every message ever recorded, with the compaction points (index into `log`) for the transcript. */
  log: ModelMessage[];
  compactions: { at: number; summary: string }[];
  /** Files' contents before each turn's first change by a tool, in the order recorded. */
  checkpoints: FileCheckpoint[];
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
  const { messages, log, compactions, checkpoints } = replayState(records);
  return { messages: repairHistory(messages), log, compactions, checkpoints };
}

interface ReplayState extends Replayed {
  /** The index in `records` of the record that added each `log` entry (a rewind replays up to one). */
  from: number[];
  /** Log index of the latest user message: the turn a checkpoint belongs to. */
  turn: number;
}

function replayState(records: readonly SessionRecord[]): ReplayState {
  let s: ReplayState = { messages: [], log: [], compactions: [], checkpoints: [], from: [], turn: -1 };
  records.forEach((r, index) => {
    if (r.type === "message") {
      s.messages.push(r.message);
      s.log.push(r.message);
      s.from.push(index);
      if (r.message.role === "user") s.turn = s.log.length - 1;
    } else if (r.type === "compaction") {
      const kept = Math.max(0, Math.min(s.messages.length, r.kept));
      s.messages = [summaryMessage(r.summary), ...s.messages.slice(s.messages.length - kept)];
      s.compactions.push({ at: s.log.length - kept, summary: r.summary });
    } else if (r.type === "rollback") {
      s.messages = s.messages.slice(0, Math.max(0, s.messages.length - r.count));
    } else if (r.type === "history") {
      s.messages = [...r.messages];
    } else if (r.type === "checkpoint") {
      if (s.turn < 0) return;
      s.checkpoints.push({
        turn: s.turn,
        path: r.path,
        before: r.before,
        ...(r.encoding !== undefined && { encoding: r.encoding }),
      });
    } else if (r.type === "rewind") {
      // The session as it stood just before that message was written: replaying that prefix again gives
      // the model's view, the transcript and the checkpoints of then, compactions and rewinds included.
      const at = s.from[r.to];
      if (at === undefined) return;
      // Files the dropped turns changed keep their checkpoints, as the next turn's: after a conversation-only
      // rewind, a later rewind of the code still knows what they were.
      const dropped = s.checkpoints.filter((c) => c.turn >= r.to).map((c) => ({ ...c, turn: r.to }));
      s = replayState(records.slice(0, at));
      s.checkpoints.push(...dropped);
    }
  });
  return s;
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
    case "checkpoint":
      return typeof r.path === "string" &&
        (typeof r.before === "string" || r.before === null) &&
        (r.encoding === undefined || r.encoding === "base64")
        ? (r as unknown as CheckpointRecord)
        : undefined;
    case "rewind":
      return Number.isInteger(r.to) && (r.to as number) >= 0 ? (r as unknown as RewindRecord) : undefined;
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
