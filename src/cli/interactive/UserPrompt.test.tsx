// ask_user questions and plans taller than the screen scroll with PgUp/PgDn, as the approval prompt does, with
// the choices always in view; an option too long for one row is shown whole above them.
import { Box } from "ink";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stripControl } from "../../core/text/strip.js";
import type { PendingQuestion, QuestionAnswer } from "./user-queue.js";
import { UserPrompt } from "./UserPrompt.js";

const PG_DN = "\x1b[6~";
const PG_UP = "\x1b[5~";
/** The prompt's key handlers subscribe in effects after the first paint. */
const tick = () => new Promise((r) => setTimeout(r, 50));
const WAIT = { timeout: 10_000 };

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const u of unmounts.splice(0)) u();
});

function show(pending: PendingQuestion, rows = 24, columns = 80) {
  const answers: QuestionAnswer[] = [];
  const ui = render(
    <Box width={columns}>
      <UserPrompt pending={pending} onAnswer={(a) => answers.push(a)} columns={columns} rows={rows} />
    </Box>,
  );
  unmounts.push(ui.unmount);
  const frame = () => stripControl(ui.lastFrame() ?? "");
  return { ui, frame, answers };
}

const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`).join("\n");

describe("UserPrompt", () => {
  it("a short question shows whole, with no scroll line", () => {
    const { frame } = show({ id: 1, kind: "ask", question: "Which one?", options: ["red", "blue"] });
    expect(frame()).toContain("Question  Which one?");
    expect(frame()).toContain("1  red");
    expect(frame()).not.toContain("PgUp/PgDn");
  });

  it("a question taller than the screen scrolls with PgDn and PgUp, the choices staying in view", async () => {
    const question = `Pick one after reading all of this:\n${lines(40, "detail")}\nlast detail`;
    const { ui, frame, answers } = show({ id: 1, kind: "ask", question, options: ["yes", "no"] });
    await vi.waitFor(() => expect(frame()).toMatch(/rows 1–\d+ of 42 · PgUp\/PgDn to scroll/), WAIT);
    expect(frame()).not.toContain("last detail");
    expect(frame()).toContain("1  yes");
    await tick();
    for (let i = 0; i < 6; i++) ui.stdin.write(PG_DN);
    await vi.waitFor(() => expect(frame()).toContain("last detail"), WAIT);
    expect(frame()).toMatch(/rows \d+–42 of 42/);
    expect(frame()).not.toContain("Pick one after");
    expect(frame()).toContain("2  no");
    for (let i = 0; i < 6; i++) ui.stdin.write(PG_UP);
    await vi.waitFor(() => expect(frame()).toContain("Pick one after"), WAIT);
    ui.stdin.write("2");
    await vi.waitFor(() => expect(answers).toEqual([{ kind: "ask", answer: "no" }]), WAIT);
  });

  it("an option too long for one row is cut in the list and shown whole with the question", async () => {
    const long = `Rewrite the parser, ${"keeping every public function and its documented behaviour, ".repeat(3)}then delete the old one`;
    const { frame } = show({ id: 1, kind: "ask", question: "How?", options: [long, "leave it"] });
    const row = (text: string) => `│ ${text.padEnd(76)} │`;
    await vi.waitFor(
      () =>
        expect(frame().split("\n")).toEqual([
          "",
          `╭${"─".repeat(78)}╮`,
          row("Question  How?"),
          row(""),
          row("1  Rewrite the parser, keeping every public function and its documented"),
          row("   behaviour, keeping every public function and its documented behaviour,"),
          row("   keeping every public function and its documented behaviour, then delete"),
          row("   the old one"),
          row("2  leave it"),
          row(""),
          row("❯ 1  Rewrite the parser, keeping every public function and its documented b…"),
          row("  2  leave it"),
          row("  t  Type another answer"),
          row("  d  Dismiss (Esc)"),
          `╰${"─".repeat(78)}╯`,
        ]),
      WAIT,
    );
  });

  it("a long option loses no character at any width", async () => {
    const long = `Rewrite the parser, ${"keeping every public function and its documented behaviour, ".repeat(3)}then delete the old one`;
    const norm = (t: string) => t.replace(/\s+/g, " ").trim();
    // ink-testing-library draws 100 columns at most.
    for (const columns of [50, 60, 80, 100]) {
      const { frame, ui } = show({ id: 1, kind: "ask", question: "How?", options: [long, "x"] }, 40, columns);
      const shown = () =>
        frame()
          .split("\n")
          .filter((r) => r.startsWith("│ ") && !r.includes("❯"))
          .map((r) => r.slice(2, -2))
          .join(" ");
      await vi.waitFor(() => expect(norm(shown())).toContain(norm(`1 ${long} 2 x`)), WAIT);
      ui.unmount();
    }
  });

  it("a plan taller than the screen scrolls, and Enter still approves it", async () => {
    const plan = `# Plan\n\n${lines(50, "- step")}\n- ship it`;
    const { ui, frame, answers } = show({ id: 1, kind: "plan", plan });
    await vi.waitFor(() => expect(frame()).toMatch(/rows 1–\d+ of \d+ · PgUp\/PgDn to scroll/), WAIT);
    expect(frame()).not.toContain("ship it");
    expect(frame()).toContain("Yes, approve the plan");
    await tick();
    for (let i = 0; i < 8; i++) ui.stdin.write(PG_DN);
    await vi.waitFor(() => expect(frame()).toContain("ship it"), WAIT);
    ui.stdin.write("\r");
    await vi.waitFor(() => expect(answers).toEqual([{ kind: "plan", approved: true }]), WAIT);
  });
});
