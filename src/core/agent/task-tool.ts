// task: a sub-agent. A nested agent loop with its own conversation, the same model, permission gate and
// tools (minus `task`, so it cannot recurse), works on one self-contained job; its final answer is the
// tool's result. Its tool calls show as progress of the task call; its usage joins the parent turn's.
import { argsPreview } from "../permissions/gate.js";
import type { ObjectSchema } from "../schema/sanitize.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import type { AgentEvent, TurnResult } from "./events.js";

export const TASK_TOOL = "task";

export interface SubAgent {
  run(input: string, o: { signal?: AbortSignal; onEvent: (e: AgentEvent) => void }): Promise<TurnResult>;
}

/** The registry as a sub-agent sees it: everything but `task`. */
export function withoutTask(
  registry: Pick<ToolRegistry, "list" | "get">,
): Pick<ToolRegistry, "list" | "get"> {
  return {
    list: () => registry.list().filter((t) => t.name !== TASK_TOOL),
    get: (name) => (name === TASK_TOOL ? undefined : registry.get(name)),
  };
}

export function taskTool(newAgent: () => SubAgent): ToolEntry {
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
  return {
    name: TASK_TOOL,
    description:
      "Starts a sub-agent for a self-contained job — searching a large codebase, researching a question, " +
      "a multi-step change — so its exploration does not fill this conversation. It has the same tools " +
      "(except task) and permissions, starts with no context, and returns only its final report. Several " +
      "task calls in one step run in parallel.",
    inputSchema: schema,
    rawInputSchema: schema,
    source: { type: "builtin" },
    // It does nothing by itself: every tool its sub-agent calls goes through the gate on its own.
    readOnly: true,
    async execute(args, ctx): Promise<ToolResult> {
      const description = typeof args.description === "string" ? args.description.trim() : "";
      const prompt = typeof args.prompt === "string" ? args.prompt.trim() : "";
      if (prompt === "") return failed('task: "prompt" is required: the whole job for the sub-agent');
      let calls = 0;
      const onEvent = (e: AgentEvent) => {
        if (e.type !== "tool-call") return;
        calls++;
        ctx.onProgress?.({ progress: calls, message: `${e.name} ${argsPreview(e.args, 120)}` });
      };
      const r = await newAgent().run(brief(description, prompt), {
        ...(ctx.signal !== undefined && { signal: ctx.signal }),
        onEvent,
      });
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
