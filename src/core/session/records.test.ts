import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { parseRecord, repairHistory, replay, summaryMessage, titleOf } from "./records.js";

const call = (id: string): ModelMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: id, toolName: "read_file", input: {} }],
});
const result = (...ids: string[]): ModelMessage => ({
  role: "tool",
  content: ids.map((id) => ({
    type: "tool-result" as const,
    toolCallId: id,
    toolName: "read_file",
    output: { type: "text" as const, value: `r${id}` },
  })),
});
const notRun = (id: string) => ({
  type: "tool-result",
  toolCallId: id,
  toolName: "read_file",
  output: { type: "error-text", value: "not run: the session ended before this call finished" },
});

describe("repairHistory", () => {
  it.each<[string, ModelMessage[], ModelMessage[]]>([
    [
      "a complete history is unchanged",
      [{ role: "user", content: "a" }, call("1"), result("1")],
      [{ role: "user", content: "a" }, call("1"), result("1")],
    ],
    [
      "a call without its result gets one",
      [{ role: "user", content: "a" }, call("1")],
      [{ role: "user", content: "a" }, call("1"), { role: "tool", content: [notRun("1")] } as ModelMessage],
    ],
    [
      "a result missing from a tool message is added to it",
      [call("1"), result("2"), { role: "user", content: "b" }],
      [call("1"), { role: "tool", content: [notRun("1")] } as ModelMessage, { role: "user", content: "b" }],
    ],
    [
      "a result without its call is dropped",
      [{ role: "user", content: "a" }, result("9")],
      [{ role: "user", content: "a" }],
    ],
  ])("%s", (_name, input, want) => {
    expect(repairHistory(input)).toEqual(want);
  });
});

describe("replay", () => {
  it("a compaction replaces all but the kept messages with the summary; the log keeps everything", () => {
    const m = (content: string): ModelMessage => ({ role: "user", content });
    const time = "t";
    const r = replay([
      { type: "message", time, message: m("1") },
      { type: "message", time, message: m("2") },
      { type: "message", time, message: m("3") },
      { type: "compaction", time, summary: "S", kept: 1 },
      { type: "message", time, message: m("4") },
    ]);
    expect(r).toEqual({
      messages: [summaryMessage("S"), m("3"), m("4")],
      log: [m("1"), m("2"), m("3"), m("4")],
      compactions: [{ at: 2, summary: "S" }],
      checkpoints: [],
    });
  });

  it("a rollback takes a refused turn out of the model's view, a history record replaces it whole", () => {
    const m = (content: string): ModelMessage => ({ role: "user", content });
    const time = "t";
    const lines = [
      { type: "message", time, message: m("1") },
      { type: "message", time, message: m("refused prompt") },
      { type: "rollback", time, count: 1 },
      { type: "message", time, message: m("2") },
      { type: "history", time, messages: [m("1"), m("2 (cut)")] },
      { type: "message", time, message: m("3") },
    ].map((r) => parseRecord(JSON.stringify(r)));
    expect(replay(lines.filter((r) => r !== undefined))).toEqual({
      messages: [m("1"), m("2 (cut)"), m("3")],
      log: [m("1"), m("refused prompt"), m("2"), m("3")],
      compactions: [],
      checkpoints: [],
    });
  });

  it("parseRecord skips what is not a record", () => {
    expect(parseRecord('{"type":"message","message":{"ro')).toBeUndefined();
    expect(
      parseRecord('{"type":"message","time":"t","message":{"role":"bogus","content":"x"}}'),
    ).toBeUndefined();
    expect(parseRecord("[1,2]")).toBeUndefined();
    expect(parseRecord('{"type":"compaction","time":"t","summary":"s","kept":2}')).toEqual({
      type: "compaction",
      time: "t",
      summary: "s",
      kept: 2,
    });
  });

  it("titles are one line, cut at 80 characters", () => {
    expect(titleOf("  fix\n the   bug  ")).toBe("fix the bug");
    expect(titleOf("x".repeat(100))).toBe(`${"x".repeat(79)}…`);
  });
});
