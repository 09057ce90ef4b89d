// The tools that talk to the person at the terminal: `ask_user` (a question, optionally with choices) and
// `exit_plan_mode` (shows the plan; approval ends plan mode). The host supplies the channel; without one
// (headless) they are tool errors that say no one can answer, never a hang.
import type { ToolEntry } from "../types.js";
import { ArgError, defineBuiltin, fail, ok, type BuiltinOptions } from "./common.js";

export type { PlanControl, UserChannel, UserQuestion } from "./host-channels.js";

const NO_ONE =
  "no one can answer: this is a headless run (codeagent -p). Decide yourself from what you know, say what " +
  "you assumed, or end the turn with the question in your answer.";

export function askUserTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "ask_user",
      description:
        "Asks the user a question and waits for the answer. Use it when a decision is theirs (a choice " +
        "between approaches, missing information), not for things you can find out with tools. options " +
        "offers choices (the user may still type another answer). Interactive sessions only.",
      schema: {
        type: "object",
        properties: {
          question: { type: "string", description: "The question, complete on its own" },
          options: { type: "array", items: { type: "string" }, description: "Choices to offer (2–9)" },
        },
        required: ["question"],
      },
      readOnly: true,
      async run(args, ctx) {
        const question = args.string("question").trim();
        if (question === "") return fail('ask_user: "question" is empty.');
        const options = readOptions(args.raw("options"));
        if (opts.user === undefined) return fail(`ask_user: ${NO_ONE}`);
        const answer = await opts.user.ask(
          { question, ...(options !== undefined && { options }) },
          ctx.signal,
        );
        if (answer === undefined) return fail("The user dismissed the question without answering.");
        return ok(`The user answered: ${answer}`);
      },
    },
    opts,
  );
}

export function exitPlanModeTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "exit_plan_mode",
      description:
        "In plan mode, presents your plan to the user for approval. Call it once you have explored enough " +
        "to know what to change; the plan should be concrete (files, steps) and in markdown. If approved, " +
        "plan mode ends and you carry the plan out; if not, revise it with the user's feedback.",
      schema: {
        type: "object",
        properties: { plan: { type: "string", description: "The plan, in markdown" } },
        required: ["plan"],
      },
      // Allowed in plan mode: it only shows the plan; leaving plan mode is the user's decision.
      readOnly: true,
      async run(args, ctx) {
        const plan = args.string("plan").trim();
        if (plan === "") return fail('exit_plan_mode: "plan" is empty.');
        if (opts.plan?.active() !== true) {
          return ok("Plan mode is not on; go ahead with the work (no approval needed here).");
        }
        if (opts.user === undefined) {
          return fail(
            "exit_plan_mode: no one can approve the plan in a headless run, so plan mode stays on. " +
              "End the turn with the plan as your answer.",
          );
        }
        const r = await opts.user.approvePlan(plan, ctx.signal);
        if (r.approved) {
          opts.plan.exit();
          return ok("The user approved the plan. Plan mode is off: carry the plan out now.");
        }
        const feedback =
          r.feedback !== undefined && r.feedback.trim() !== "" ? `: ${r.feedback.trim()}` : ".";
        return fail(`The user did not approve the plan; plan mode stays on. Revise it${feedback}`);
      },
    },
    opts,
  );
}

function readOptions(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  let v: unknown = raw;
  if (typeof raw === "string") {
    try {
      v = JSON.parse(raw);
    } catch {
      v = undefined;
    }
  }
  if (!Array.isArray(v) || !v.every((o) => typeof o === "string")) {
    throw new ArgError('ask_user: "options" must be an array of strings');
  }
  const list = v.map((o) => o.trim()).filter((o) => o !== "");
  if (list.length > 9) throw new ArgError('ask_user: give at most 9 "options"');
  return list.length > 0 ? list : undefined;
}
