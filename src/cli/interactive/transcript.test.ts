import { describe, expect, it } from "vitest";
import type { ToolResult } from "../../core/tools/types.js";
import type { AgentEvent } from "./host.js";
import { finalCount, initialTranscript, transcriptReducer, type TranscriptState } from "./transcript.js";

const run = (events: AgentEvent[], from: TranscriptState = initialTranscript) =>
  events.reduce((s, event) => transcriptReducer(s, { type: "agent", event }), from);
const result = (text: string, isError = false): ToolResult => ({
  text,
  isError,
  media: [],
  truncated: false,
});

describe("transcriptReducer", () => {
  it("shows each retry of a failed model request, with its wait, count and reason", () => {
    const s = run([{ type: "retry", attempt: 2, of: 4, delayMs: 2500, reason: "HTTP 529: Overloaded" }]);
    expect(s.items).toEqual([
      {
        id: 1,
        kind: "notice",
        level: "warning",
        text: "model request failed; retrying in 2.5 s (2/4): HTTP 529: Overloaded",
      },
    ]);
  });

  it("streams text, committing each complete markdown block as a final item", () => {
    const s = run([
      { type: "text-delta", text: "Hello" },
      { type: "text-delta", text: " wor" },
      { type: "text-delta", text: "ld\n| a |\n|-|\n\nSecond" },
    ]);
    expect(s.items).toEqual([
      { id: 3, kind: "assistant", text: "Hello world\n| a |\n|-|", cont: false, streaming: false },
      { id: 4, kind: "assistant", text: "Second", cont: true, streaming: true },
    ]);
    expect(finalCount(s.items)).toBe(1);
  });

  it("draws a todo_write call as a checklist, and results arriving after a cancel as cancelled", () => {
    const todos = [{ content: "a", status: "completed" }];
    const s = run([
      { type: "tool-call", id: "t", name: "todo_write", args: { todos } },
      { type: "tool-call", id: "b", name: "bash", args: { command: "sleep 9" } },
    ]);
    const cancelled = transcriptReducer(transcriptReducer(s, { type: "cancel" }), {
      type: "agent",
      event: {
        type: "tool-result",
        id: "b",
        name: "bash",
        result: { text: "[cancelled by the user]", isError: true, media: [], truncated: false },
        denied: false,
      },
    });
    expect(cancelled.items.map((i) => (i.kind === "tool" ? [i.todos, i.result] : i.kind))).toEqual([
      [todos, undefined],
      [undefined, { preview: { lines: [], more: 0 }, isError: false, denied: false, cancelled: true }],
    ]);
    expect(transcriptReducer(cancelled, { type: "end-turn" }).cancelling).toBeUndefined();
  });

  it("a tool call ends the streaming text; its progress and result update it in place", () => {
    const s = run([
      { type: "text-delta", text: "Checking" },
      { type: "tool-call", id: "c1", name: "mcp__s__t", args: { a: 1 } },
      { type: "tool-progress", id: "c1", progress: 3, total: 10, message: "m" },
    ]);
    expect(s.items).toEqual([
      { id: 1, kind: "assistant", text: "Checking", cont: false, streaming: false },
      {
        id: 2,
        kind: "tool",
        callId: "c1",
        name: "mcp__s__t",
        args: '{"a":1}',
        running: true,
        progress: { progress: 3, total: 10, message: "m" },
      },
    ]);
    const done = run(
      [
        {
          type: "tool-result",
          id: "c1",
          name: "mcp__s__t",
          result: result("l1\nl2\nl3\nl4\nl5\n", true),
          denied: false,
        },
      ],
      s,
    );
    expect(done.items[1]).toMatchObject({
      running: false,
      result: { preview: { lines: ["l1", "l2", "l3", "l4"], more: 1 }, isError: true, denied: false },
    });
    expect(finalCount(done.items)).toBe(2);
  });

  it("an empty continuation line is dropped when the text is settled", () => {
    const s = run([
      { type: "text-delta", text: "Line\n" },
      { type: "tool-call", id: "c", name: "t", args: {} },
    ]);
    expect(s.items.map((i) => i.kind)).toEqual(["assistant", "tool"]);
  });

  it("a running earlier call holds back later final items from being printed", () => {
    const s = run([
      { type: "tool-call", id: "a", name: "slow", args: {} },
      { type: "tool-call", id: "b", name: "fast", args: {} },
      { type: "tool-result", id: "b", name: "fast", result: result("ok"), denied: false },
    ]);
    expect(finalCount(s.items)).toBe(0);
  });

  it("finish marks calls that never reported back as cancelled and notes the reason", () => {
    const s = run([
      { type: "tool-call", id: "a", name: "slow", args: {} },
      { type: "finish", text: "", steps: 1, reason: "cancelled" },
    ]);
    expect(s.items).toEqual([
      {
        id: 1,
        kind: "tool",
        callId: "a",
        name: "slow",
        args: "",
        running: false,
        result: { preview: { lines: [], more: 0 }, isError: false, denied: false, cancelled: true },
      },
      { id: 2, kind: "notice", level: "warning", text: "cancelled" },
    ]);
  });

  it.each([
    ["step-limit", { level: "warning", text: "stopped after 7 steps (the step limit)" }],
    ["error", { level: "error", text: "HTTP 401 from the provider" }],
  ] as const)("finish with %s adds a notice", (reason, notice) => {
    const s = run([{ type: "finish", text: "", steps: 7, reason, error: "HTTP 401 from the provider" }]);
    expect(s.items).toEqual([{ id: 1, kind: "notice", ...notice }]);
  });

  it("clear empties the items and starts a new printed epoch", () => {
    const s = transcriptReducer(run([{ type: "warning", message: "w" }]), { type: "clear" });
    expect(s).toEqual({ items: [], nextId: 2, epoch: 1 });
  });

  it("a result for an unknown call changes nothing", () => {
    const s = run([{ type: "tool-result", id: "zz", name: "t", result: result("x"), denied: false }]);
    expect(s).toBe(initialTranscript);
  });
});
