// The session's view of code mode (§20.2): the execute_code script drawn (highlighted) in place of its
// arguments, and each inner call the script makes drawn nested under it as it runs and when it ends.
import { Box } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import type { ToolResult } from "../../core/tools/types.js";
import type { AgentEvent } from "./host.js";
import { ToolCall } from "./ToolCall.js";
import { initialTranscript, transcriptReducer, type Item } from "./transcript.js";

const ok = (text: string): ToolResult => ({ text, isError: false, media: [], truncated: false });

function run(events: AgentEvent[]) {
  return events.reduce((s, event) => transcriptReducer(s, { type: "agent", event }), initialTranscript);
}

function draw(items: Item[]): string {
  const tools = items.filter((i): i is Extract<Item, { kind: "tool" }> => i.kind === "tool");
  const { lastFrame, unmount } = render(
    <Box flexDirection="column">
      {tools.map((t) => (
        <ToolCall key={t.id} item={t} />
      ))}
    </Box>,
  );
  const frame = lastFrame() ?? "";
  unmount();
  return frame;
}

const SCRIPT = "const r = await tools.mcp__records__get_record({ id: 3 });\nreturn r.name;";

describe("code mode in the transcript", () => {
  it("shows the script and, nested under it, each inner call while it runs", () => {
    const s = run([
      { type: "tool-call", id: "x", name: "execute_code", args: { code: SCRIPT } },
      { type: "tool-call", id: "i1", name: "mcp__records__get_record", args: { id: 3 }, parentId: "x" },
    ]);
    expect(
      s.items.map((i) => (i.kind === "tool" ? [i.name, i.parentId ?? null, i.running] : i.kind)),
    ).toEqual([
      ["execute_code", null, true],
      ["mcp__records__get_record", "x", true],
    ]);
    const frame = draw(s.items);
    expect(frame).toContain("execute_code");
    expect(frame).toContain("│ const r = await tools.mcp__records__get_record({ id: 3 });");
    expect(frame).toContain("│ return r.name;");
    expect(frame).toMatch(/\n {4}\S+ mcp__records__get_record \{"id":3\}/);
  });

  it("ends the inner call with its result, then the script with its own", () => {
    const s = run([
      { type: "tool-call", id: "x", name: "execute_code", args: { code: SCRIPT } },
      { type: "tool-call", id: "i1", name: "mcp__records__get_record", args: { id: 3 }, parentId: "x" },
      {
        type: "tool-result",
        id: "i1",
        name: "mcp__records__get_record",
        result: ok('{"name":"Customer 03"}'),
        denied: false,
        parentId: "x",
      },
      { type: "tool-result", id: "x", name: "execute_code", result: ok("Customer 03"), denied: false },
    ]);
    expect(s.items.every((i) => i.kind !== "tool" || !i.running)).toBe(true);
    const frame = draw(s.items);
    expect(frame).toMatch(/\n {4}● mcp__records__get_record \{"id":3\}\n {6}⎿ \{"name":"Customer 03"\}/);
  });
});
