import { describe, expect, it } from "vitest";
import { askUserTool, exitPlanModeTool, type UserChannel } from "./interact.js";
import { call } from "./test-project.js";

function channel(answer: string | undefined, approved: boolean, feedback?: string) {
  const asked: unknown[] = [];
  const user: UserChannel = {
    async ask(q) {
      asked.push(q);
      return answer;
    },
    async approvePlan(plan) {
      asked.push({ plan });
      return { approved, ...(feedback !== undefined && { feedback }) };
    },
  };
  return { user, asked };
}

describe("ask_user", () => {
  it("asks through the channel and returns the answer", async () => {
    const { user, asked } = channel("b", true);
    expect(
      await call(askUserTool({ cwd: "/", user }), { question: " Which? ", options: ["a", " b ", ""] }),
    ).toEqual({
      text: "The user answered: b",
      isError: false,
    });
    expect(asked).toEqual([{ question: "Which?", options: ["a", "b"] }]);
  });

  it("a dismissed question and bad options are errors", async () => {
    const { user } = channel(undefined, true);
    expect(await call(askUserTool({ cwd: "/", user }), { question: "Q" })).toEqual({
      text: "The user dismissed the question without answering.",
      isError: true,
    });
    expect(await call(askUserTool({ cwd: "/", user }), { question: "Q", options: [1] })).toEqual({
      text: 'ask_user: "options" must be an array of strings',
      isError: true,
    });
  });
});

describe("exit_plan_mode", () => {
  const plan = (on: boolean) => {
    const state = { on, exits: 0 };
    return { state, control: { active: () => state.on, exit: () => ((state.on = false), state.exits++) } };
  };

  it("approval ends plan mode", async () => {
    const { user, asked } = channel(undefined, true);
    const p = plan(true);
    expect(await call(exitPlanModeTool({ cwd: "/", user, plan: p.control }), { plan: "1. do" })).toEqual({
      text: "The user approved the plan. Plan mode is off: carry the plan out now.",
      isError: false,
    });
    expect([asked, p.state]).toEqual([[{ plan: "1. do" }], { on: false, exits: 1 }]);
  });

  it("a rejection keeps plan mode and passes the feedback on", async () => {
    const { user } = channel(undefined, false, "smaller steps");
    const p = plan(true);
    expect(await call(exitPlanModeTool({ cwd: "/", user, plan: p.control }), { plan: "1. do" })).toEqual({
      text: "The user did not approve the plan; plan mode stays on. Revise it: smaller steps",
      isError: true,
    });
    expect(p.state.on).toBe(true);
  });

  it("outside plan mode it asks nothing", async () => {
    const { user, asked } = channel(undefined, false);
    expect(
      (await call(exitPlanModeTool({ cwd: "/", user, plan: plan(false).control }), { plan: "x" })).isError,
    ).toBe(false);
    expect(asked).toEqual([]);
  });
});
