import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../tools/registry.js";
import { readFileTool } from "../tools/builtin/read-file.js";
import type { AgentEvent, TurnResult } from "./events.js";
import { taskTool, withoutTask, type SubAgent } from "./task-tool.js";

function agent(result: Partial<TurnResult>, events: AgentEvent[] = []): SubAgent & { inputs: string[] } {
  const inputs: string[] = [];
  return {
    inputs,
    async run(input, o) {
      inputs.push(input);
      for (const e of events) o.onEvent(e);
      return { text: "", reason: "stop", steps: 1, usage: { inputTokens: 0, outputTokens: 0 }, ...result };
    },
  };
}

describe("task", () => {
  it("returns the sub-agent's answer, reports its calls as progress and carries its usage", async () => {
    const sub = agent(
      { text: "found it", steps: 2, usage: { inputTokens: 7, outputTokens: 3 }, toolDefinitionTokens: 900 },
      [{ type: "tool-call", id: "1", name: "grep", args: { pattern: "x" } }],
    );
    const progress: unknown[] = [];
    const r = await taskTool(() => sub).execute(
      { description: "look", prompt: "Find x" },
      { onProgress: (p) => progress.push(p) },
    );
    expect(r).toEqual({
      text: "found it",
      isError: false,
      media: [],
      truncated: false,
      // The tool definitions its requests carried count into the parent turn's figure (§15.5).
      usage: { inputTokens: 7, outputTokens: 3, toolDefinitionTokens: 900 },
    });
    expect(progress).toEqual([{ progress: 1, message: 'grep {"pattern":"x"}' }]);
    expect(sub.inputs[0]).toMatch(/^You are a sub-agent working on one task \("look"\)[\s\S]*\n\nFind x$/);
  });

  it.each([
    [{ reason: "error", error: "HTTP 500" }, "the sub-agent failed: HTTP 500"],
    [{ reason: "cancelled" }, "the sub-agent was cancelled by the user"],
    [
      { reason: "step-limit", steps: 3, text: "half" },
      "the sub-agent stopped at its step limit (3 steps, 0 tool calls) before finishing. Its last words:\nhalf",
    ],
  ] as const)("a sub-agent that ends with %j is a tool error", async (result, text) => {
    const r = await taskTool(() => agent(result)).execute({ description: "d", prompt: "p" }, {});
    expect([r.isError, r.text]).toEqual([true, text]);
  });

  it("needs a prompt", async () => {
    const r = await taskTool(() => agent({})).execute({ description: "d" }, {});
    expect([r.isError, r.text]).toEqual([
      true,
      'task: "prompt" is required: the whole job for the sub-agent',
    ]);
  });

  it("the sub-agent's registry has no task tool", () => {
    const reg = new ToolRegistry();
    reg.register(readFileTool({ cwd: "/" }));
    reg.register(taskTool(() => agent({})));
    const view = withoutTask(reg);
    expect([view.list().map((t) => t.name), view.get("task"), view.get("read_file")?.name]).toEqual([
      ["read_file"],
      undefined,
      "read_file",
    ]);
  });
});
