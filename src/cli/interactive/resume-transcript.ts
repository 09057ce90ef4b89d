// A resumed session's earlier conversation, drawn as it was: the saved messages are replayed through the
// same reducer as live agent events, so a resumed transcript looks exactly like one typed today.
import type { ModelMessage } from "ai";
import { messageText } from "../../core/session/store.js";
import { summaryMessage } from "../../core/session/records.js";
import { transcriptReducer, type TranscriptState } from "./transcript.js";

export interface ResumedLog {
  id: string;
  title: string;
  log: readonly ModelMessage[];
  compactions: readonly { at: number }[];
  /** The first line instead of "resumed session ID — title". */
  heading?: string;
}

export function replayTranscript(state: TranscriptState, r: ResumedLog): TranscriptState {
  let s = transcriptReducer(state, {
    type: "add",
    items: [{ kind: "notice", level: "info", text: r.heading ?? `resumed session ${r.id} — ${r.title}` }],
  });
  const marks = new Set(r.compactions.map((c) => c.at));
  const summary = messageText(summaryMessage(""));
  r.log.forEach((m, i) => {
    if (marks.has(i))
      s = transcriptReducer(s, {
        type: "add",
        items: [{ kind: "notice", level: "info", text: "(the turns above were compacted into a summary)" }],
      });
    if (m.role === "user") {
      const text = messageText(m);
      if (text.startsWith(summary.slice(0, 40))) return;
      s = transcriptReducer(s, { type: "end-turn" });
      s = transcriptReducer(s, { type: "add", items: [{ kind: "user", text: userShown(text) }] });
    } else if (m.role === "assistant") {
      if (typeof m.content === "string") {
        s = transcriptReducer(s, { type: "agent", event: { type: "text-delta", text: m.content } });
        return;
      }
      for (const p of m.content) {
        if (p.type === "text")
          s = transcriptReducer(s, { type: "agent", event: { type: "text-delta", text: p.text } });
        else if (p.type === "tool-call")
          s = transcriptReducer(s, {
            type: "agent",
            event: { type: "tool-call", id: p.toolCallId, name: p.toolName, args: p.input },
          });
      }
    } else if (m.role === "tool") {
      for (const p of m.content) {
        if (p.type !== "tool-result") continue;
        const { text, isError } = outputOf(p.output);
        s = transcriptReducer(s, {
          type: "agent",
          event: {
            type: "tool-result",
            id: p.toolCallId,
            name: p.toolName,
            result: { text, isError, media: [], truncated: false },
            denied: text.startsWith("permission denied"),
          },
        });
      }
    }
  });
  s = transcriptReducer(s, { type: "end-turn" });
  return transcriptReducer(s, {
    type: "add",
    items: [
      { kind: "notice", level: "info", text: "— end of the earlier conversation; it goes on from here —" },
    ],
  });
}

/** Attached mentions are part of the saved message; the transcript shows what was typed. */
function userShown(text: string): string {
  const i = text.indexOf("\n\n<mcp-resource");
  return i === -1 ? text : text.slice(0, i);
}

function outputOf(o: unknown): { text: string; isError: boolean } {
  const v = o as { type?: string; value?: unknown };
  const isError = v.type === "error-text" || v.type === "error-json";
  if (typeof v.value === "string") return { text: v.value, isError };
  if (Array.isArray(v.value))
    return {
      text: v.value
        .map((p: { type?: string; text?: string }) => (p.type === "text" ? (p.text ?? "") : `[${p.type}]`))
        .join("\n"),
      isError,
    };
  return { text: JSON.stringify(v.value ?? ""), isError };
}
