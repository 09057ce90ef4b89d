// task: a sub-agent. A nested agent loop with its own conversation, the same model, permission gate and
// tools (minus `task`, so it cannot recurse), works on one self-contained job; its final answer is the
// tool's result. Its tool calls show as progress of the task call; its usage joins the parent turn's.
// `subagent_type` names a defined agent (§23: agents/*.md): its prompt, its tools only, its model.
import { argsPreview } from "../permissions/gate.js";
import { stripControlLine } from "../text/strip.js";
import type { ObjectSchema } from "../schema/sanitize.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import type { AgentEvent, TurnResult } from "./events.js";
import type { SubagentDefinition } from "./subagents/types.js";

export const TASK_TOOL = "task";
/** Claude Code's name for the generic sub-agent, so prompts written for it work (unless a file defines it). */
export const GENERAL_PURPOSE = "general-purpose";
/** The agents listed in the tool's description are bounded: names and descriptions, never bodies. */
export const MAX_AGENTS_CHARS = 6000;
const MAX_AGENT_LINE = 300;

/** Where a sub-agent ends (hooks' SubagentStop): after its last step, before its report goes back. */
export interface SubagentStop {
  /** The defined agent's name; undefined for the generic sub-agent. */
  agentType?: string;
  description: string;
  result: TurnResult;
}

export interface TaskToolOptions {
  /** The agents `subagent_type` may name (§23), in precedence order. */
  agents?: readonly SubagentDefinition[];
  /** A fresh sub-agent: the generic one, or a definition's; `{ error }` when it cannot start (its model). */
  start: (agent?: SubagentDefinition) => SubAgent | { error: string };
  onStop?: (e: SubagentStop) => void | Promise<void>;
}

export interface SubAgent {
  run(input: string, o: { signal?: AbortSignal; onEvent: (e: AgentEvent) => void }): Promise<TurnResult>;
}

export function taskTool(opts: TaskToolOptions | (() => SubAgent)): ToolEntry {
  const o: TaskToolOptions = typeof opts === "function" ? { start: opts } : opts;
  const agents = o.agents ?? [];
  const schema: ObjectSchema = {
    type: "object",
    properties: {
      description: { type: "string", description: "A short (3–5 word) label for the task" },
      prompt: {
        type: "string",
        description:
          "The whole job for the sub-agent: what to find or do, and what to report back. It sees nothing of " +
          "this conversation, so include every detail it needs.",
      },
    },
    required: ["description", "prompt"],
  };
  if (agents.length > 0) {
    schema.properties.subagent_type = {
      type: "string",
      description: `The agent to run the task: ${agents.map((a) => a.name).join(", ")}; omit it for a general-purpose sub-agent`,
    };
  }
  return {
    name: TASK_TOOL,
    description:
      "Starts a sub-agent for a self-contained job — searching a large codebase, researching a question, " +
      "a multi-step change — so its exploration does not fill this conversation. It has the same tools " +
      "(except task) and permissions, starts with no context, and returns only its final report. Several " +
      "task calls in one step run in parallel." +
      agentsSection(agents),
    inputSchema: schema,
    rawInputSchema: schema,
    source: { type: "builtin" },
    // It does nothing by itself: every tool its sub-agent calls goes through the gate on its own.
    readOnly: true,
    async execute(args, ctx): Promise<ToolResult> {
      const description = typeof args.description === "string" ? args.description.trim() : "";
      const prompt = typeof args.prompt === "string" ? args.prompt.trim() : "";
      if (prompt === "") return failed('task: "prompt" is required: the whole job for the sub-agent');
      const type = typeof args.subagent_type === "string" ? args.subagent_type.trim() : "";
      const agent = agents.find((a) => a.name === type);
      if (type !== "" && agent === undefined && type !== GENERAL_PURPOSE) {
        const known = agents.map((a) => a.name).join(", ");
        return failed(
          `task: no agent "${stripControlLine(type)}"; subagent_type is one of ${known || "(none defined)"}, or omit it`,
        );
      }
      const started = o.start(agent);
      if ("error" in started) return failed(`task: the agent "${type}" cannot start: ${started.error}`);
      let calls = 0;
      const onEvent = (e: AgentEvent) => {
        if (e.type !== "tool-call") return;
        calls++;
        ctx.onProgress?.({ progress: calls, message: `${e.name} ${argsPreview(e.args, 120)}` });
      };
      const r = await started.run(brief(description, prompt), {
        ...(ctx.signal !== undefined && { signal: ctx.signal }),
        onEvent,
      });
      await o.onStop?.({ ...(agent !== undefined && { agentType: agent.name }), description, result: r });
      // Its requests carried tool definitions too (§15.5): they count into the parent turn's figure.
      const reported = (r as { usage?: ToolResult["usage"] }).usage;
      const usage =
        reported === undefined
          ? undefined
          : { ...reported, toolDefinitionTokens: r.toolDefinitionTokens ?? 0 };
      const withUsage = (t: ToolResult): ToolResult => (usage !== undefined ? { ...t, usage } : t);
      const steps = `${r.steps} step${r.steps === 1 ? "" : "s"}, ${calls} tool call${calls === 1 ? "" : "s"}`;
      switch (r.reason) {
        case "stop":
          return withUsage({
            text: r.text === "" ? `(the sub-agent gave no answer; ${steps})` : r.text,
            isError: false,
            media: [],
            truncated: false,
          });
        case "step-limit":
          return withUsage(
            failed(
              `the sub-agent stopped at its step limit (${steps}) before finishing. Its last words:\n${r.text}`,
            ),
          );
        case "cancelled":
          return withUsage(failed("the sub-agent was cancelled by the user"));
        case "error":
          return withUsage(failed(`the sub-agent failed: ${r.error ?? "unknown error"}`));
      }
    },
  };
}

/** The defined agents, one line each, bounded; the model picks one by its description. */
export function agentsSection(agents: readonly SubagentDefinition[]): string {
  if (agents.length === 0) return "";
  const lines: string[] = [];
  let used = 0;
  for (const a of agents) {
    const full = `- ${a.name}: ${a.description}`;
    const one = full.length > MAX_AGENT_LINE ? `${full.slice(0, MAX_AGENT_LINE - 1)}…` : full;
    if (used + one.length + 1 > MAX_AGENTS_CHARS) {
      lines.push(`(${agents.length - lines.length} more agents not listed)`);
      break;
    }
    lines.push(one);
    used += one.length + 1;
  }
  return (
    "\n\nAgents for subagent_type (each with its own instructions and tools; choose one whose description fits " +
    `the job, or omit subagent_type):\n${lines.join("\n")}`
  );
}

function brief(description: string, prompt: string): string {
  return (
    `You are a sub-agent working on one task${description !== "" ? ` ("${description}")` : ""} for another agent. ` +
    "Work on it with your tools; when done, answer with a concise, complete report of what you found or did " +
    "(file paths, names, results) — that report is all the other agent will see.\n\n" +
    prompt
  );
}

function failed(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}
