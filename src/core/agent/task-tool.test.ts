import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../tools/registry.js";
import { readFileTool } from "../tools/builtin/read-file.js";
import type { AgentEvent, TurnResult } from "./events.js";
import { subagentRegistry } from "./subagents/tools-view.js";
import type { SubagentDefinition } from "./subagents/types.js";
import { agentsSection, MAX_AGENTS_CHARS, taskTool, type SubAgent, type SubagentStop } from "./task-tool.js";

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
    const view = subagentRegistry(reg, undefined);
    expect([view.list().map((t) => t.name), view.get("task"), view.get("read_file")?.name]).toEqual([
      ["read_file"],
      undefined,
      "read_file",
    ]);
  });
});

function def(name: string, more: Partial<SubagentDefinition> = {}): SubagentDefinition {
  return {
    name,
    description: `${name} things`,
    prompt: `You are ${name}.`,
    scope: "project",
    dir: "/p/.claude/agents",
    file: `/p/.claude/agents/${name}.md`,
    problems: [],
    ...more,
  };
}

describe("task with subagent_type", () => {
  it("starts the named agent, and tells where it ended", async () => {
    const started: (string | undefined)[] = [];
    const stops: SubagentStop[] = [];
    const tool = taskTool({
      agents: [def("reviewer"), def("tester")],
      start: (a) => (started.push(a?.name), agent({ text: `report of ${a?.name ?? "generic"}` })),
      onStop: (e) => void stops.push(e),
    });
    const r = await tool.execute({ description: "review", prompt: "p", subagent_type: "tester" }, {});
    const g = await tool.execute({ description: "any", prompt: "p", subagent_type: "general-purpose" }, {});
    expect([r.text, g.text, started]).toEqual([
      "report of tester",
      "report of generic",
      ["tester", undefined],
    ]);
    expect(stops.map((s) => [s.agentType, s.description, s.result.text])).toEqual([
      ["tester", "review", "report of tester"],
      [undefined, "any", "report of generic"],
    ]);
  });

  it("an unknown agent or one that cannot start is a tool error naming what to use", async () => {
    const tool = taskTool({
      agents: [def("reviewer", { model: "nope:x" })],
      start: (a) => (a === undefined ? agent({}) : { error: 'model "nope:x" in FILE: unknown provider' }),
    });
    const unknown = await tool.execute({ description: "d", prompt: "p", subagent_type: "writer" }, {});
    const broken = await tool.execute({ description: "d", prompt: "p", subagent_type: "reviewer" }, {});
    expect([unknown.isError, unknown.text, broken.isError, broken.text]).toEqual([
      true,
      'task: no agent "writer"; subagent_type is one of reviewer, or omit it',
      true,
      'task: the agent "reviewer" cannot start: model "nope:x" in FILE: unknown provider',
    ]);
  });

  it("lists the agents in its description and schema, bounded", () => {
    const tool = taskTool({ agents: [def("reviewer"), def("tester")], start: () => agent({}) });
    expect(tool.description).toMatch(/\n- reviewer: reviewer things\n- tester: tester things$/);
    expect(tool.inputSchema.properties?.subagent_type).toEqual({
      type: "string",
      description: "The agent to run the task: reviewer, tester; omit it for a general-purpose sub-agent",
    });
    expect(taskTool(() => agent({})).inputSchema.properties?.subagent_type).toBeUndefined();
    const many = Array.from({ length: 100 }, (_, i) => def(`a${i}`, { description: "x".repeat(400) }));
    const section = agentsSection(many);
    expect(section.length).toBeLessThan(MAX_AGENTS_CHARS + 400);
    expect(section).toMatch(/\n\(81 more agents not listed\)$/);
  });
});
