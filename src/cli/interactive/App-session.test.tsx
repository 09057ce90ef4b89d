// The interactive niceties of §10 through the real App: markdown, todo checklists, !cmd, @path, /model,
// plan mode on Shift+Tab, ask_user questions, bracketed pastes and cancelled tools.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isAlive } from "../../core/mcp/stdio/process-tree.js";
import type { PermissionMode } from "../../core/permissions/evaluate.js";
import { bashTool } from "../../core/tools/builtin/bash.js";
import { App } from "./App.js";
import type { SessionHost, ShellOutcome } from "./host.js";
import { fakeSession, ScriptedAgent, type FakeSession } from "./testing/fake-host.js";
import { UserQueue } from "./user-queue.js";

const ENTER = "\r";
const CTRL_C = "\x03";
const SHIFT_TAB = "\x1b[Z";

let unmounts: (() => void)[] = [];
afterEach(() => {
  for (const u of unmounts) u();
  unmounts = [];
});

const tick = () => new Promise((res) => setTimeout(res, 50));

function mount(s: FakeSession, questions?: UserQueue) {
  const r = render(
    <App
      host={s.host}
      permissions={s.permissions}
      onExit={() => undefined}
      {...(questions !== undefined && { questions })}
    />,
  );
  unmounts.push(r.unmount);
  const frame = () => r.lastFrame() ?? "";
  const type = async (text: string) => {
    r.stdin.write(text);
    await tick();
  };
  return { frame, type, command: async (line: string) => (await type(line), await type(ENTER)) };
}

describe("the interactive session", () => {
  it("renders markdown in answers: headings, lists, code and tables", async () => {
    const agent = new ScriptedAgent(async (_, { emit }) => {
      emit({
        type: "text-delta",
        text: "# Title\n\n- **one**\n- two\n\n```\ncode()\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |",
      });
    });
    const ui = mount(fakeSession({ agent }));
    await ui.command("hi");
    await vi.waitFor(() => expect(ui.frame()).toContain("│ 1   │ 2   │"));
    const f = ui.frame();
    expect(f).toContain("● Title");
    expect(f).toContain("• one");
    expect(f).not.toContain("**one**");
    expect(f).toContain("│ code()");
    expect(f).toContain("┌─────┬─────┐");
  });

  it("draws todo_write as a checklist", async () => {
    const todos = [
      { content: "read", status: "completed" },
      { content: "fix", status: "in_progress" },
      { content: "test", status: "pending" },
    ];
    const agent = new ScriptedAgent(async (_, { emit }) => {
      emit({ type: "tool-call", id: "t1", name: "todo_write", args: { todos } });
      emit({
        type: "tool-result",
        id: "t1",
        name: "todo_write",
        result: { text: "Task list: …", isError: false, media: [], truncated: false },
        denied: false,
      });
    });
    const ui = mount(fakeSession({ agent }));
    await ui.command("plan it");
    await vi.waitFor(() => expect(ui.frame()).toContain("☐ test"));
    expect(ui.frame()).toMatch(/● todo_write\s*\n\s*⎿ ☒ read\s*\n\s*◐ fix\s*\n\s*☐ test/);
  });

  it("!cmd runs through the host's gate, shows the output, and the next message carries it; @path attaches a file", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "codeagent-app-"));
    writeFileSync(join(cwd, "notes.txt"), "a\nb\nc\n");
    const agent = new ScriptedAgent(async () => undefined);
    const s = fakeSession({ agent });
    const ran: string[] = [];
    const host: SessionHost = {
      ...s.host,
      cwd,
      runShell: async (command): Promise<ShellOutcome> => {
        ran.push(command);
        return { denied: false, text: "hello\n[exit code 0]", isError: false };
      },
    };
    const ui = mount({ ...s, host });
    await ui.command("!echo hello");
    await vi.waitFor(() => expect(ui.frame()).toContain("⎿ hello"));
    expect(ran).toEqual(["echo hello"]);
    expect(agent.inputs).toEqual([]);
    await ui.command("see @notes.txt");
    await vi.waitFor(() => expect(ui.frame()).toContain("attached notes.txt (3 lines)"));
    expect(agent.inputs).toEqual([
      "<user-shell-command>\n<command>echo hello</command>\n<output>\nhello\n[exit code 0]\n</output>\n</user-shell-command>\n\n" +
        'see @notes.txt\n\n<file path="notes.txt">\na\nb\nc\n</file>',
    ]);
  });

  it("Ctrl-C stops a running !cmd and everything it started, without arming exit", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "codeagent-app-"));
    const bash = bashTool({ cwd });
    const s = fakeSession({ agent: new ScriptedAgent(async () => undefined) });
    const host: SessionHost = {
      ...s.host,
      cwd,
      runShell: async (command, signal): Promise<ShellOutcome> => {
        const r = await bash.execute({ command }, signal !== undefined ? { signal } : {});
        return { denied: false, text: r.text, isError: r.isError };
      },
    };
    const ui = mount({ ...s, host });
    const pidFile = join(cwd, "child.pid");
    await ui.command(`!sleep 60 & echo $! > ${pidFile}; echo started; wait`);
    await vi.waitFor(() => expect(readFileSync(pidFile, "utf8")).toMatch(/^\d+\n$/), { timeout: 20_000 });
    const child = Number(readFileSync(pidFile, "utf8"));
    // The command runs before the screen shows it running: wait for the frame, never for a fixed time.
    await vi.waitFor(() => expect(ui.frame()).toContain("Esc or Ctrl-C cancels"));
    await ui.type(CTRL_C);
    await vi.waitFor(
      () => {
        expect(ui.frame()).toContain("[cancelled by the user]");
        expect(ui.frame()).not.toContain("Esc or Ctrl-C cancels");
      },
      { timeout: 20_000 },
    );
    expect(isAlive(child)).toBe(false);
    // Armed, the hint would show in the same frame as the cancel (both are set by the one key).
    expect(ui.frame()).not.toContain("Press Ctrl-C again to exit");
  });

  it("Tab completes an @path", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "codeagent-app-"));
    writeFileSync(join(cwd, "README.md"), "x");
    const s = fakeSession();
    const ui = mount({ ...s, host: { ...s.host, cwd } });
    await ui.type("read @RE");
    await ui.type("\t");
    await vi.waitFor(() => expect(ui.frame()).toContain("❯ read @README.md"));
  });

  it("/model lists and switches models", async () => {
    const s = fakeSession({ agent: new ScriptedAgent(async () => undefined) });
    const switched: string[] = [];
    let model = "openai-compatible:test-model";
    const host: SessionHost = {
      ...s.host,
      get model() {
        return model;
      },
      modelChoices: () => [model, "anthropic:claude-x"],
      switchModel: (spec) => {
        switched.push(spec);
        if (!spec.includes(":")) return { ok: false, message: "it must look like provider:model" };
        model = spec;
        return { ok: true, id: spec };
      },
    };
    const ui = mount({ ...s, host });
    await ui.command("/model");
    await vi.waitFor(() =>
      expect(ui.frame()).toContain("known: openai-compatible:test-model, anthropic:claude-x"),
    );
    await ui.command("/model nope");
    await vi.waitFor(() => expect(ui.frame()).toContain("it must look like provider:model"));
    await ui.command("/model anthropic:claude-x");
    await vi.waitFor(() =>
      expect(ui.frame()).toContain("model: anthropic:claude-x (the conversation continues"),
    );
    expect(ui.frame()).toMatch(/│\s+anthropic:claude-x\s+│/);
    expect(switched).toEqual(["nope", "anthropic:claude-x"]);
  });

  it("Shift+Tab toggles plan mode, shown in the status line", async () => {
    const s = fakeSession();
    let mode: PermissionMode = "default";
    const listeners = new Set<() => void>();
    const host: SessionHost = {
      ...s.host,
      permissionMode: {
        get: () => mode,
        set: (m) => {
          mode = m;
          for (const l of listeners) l();
        },
        subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
      },
    };
    const ui = mount({ ...s, host });
    await ui.type(SHIFT_TAB);
    await vi.waitFor(() => expect(ui.frame()).toContain("│  plan mode  │"));
    expect(mode).toBe("plan");
    await ui.type(SHIFT_TAB);
    await vi.waitFor(() => expect(ui.frame()).not.toContain("│  plan mode  │"));
    expect(mode).toBe("default");
  });

  it("asks the person an ask_user question and returns the chosen option", async () => {
    const questions = new UserQueue();
    let answer: string | undefined = "unset";
    const agent = new ScriptedAgent(async (_, { signal }) => {
      answer = await questions.ask({ question: "Which color?", options: ["red", "blue"] }, signal);
    });
    const ui = mount(fakeSession({ agent }), questions);
    await ui.command("ask me");
    await vi.waitFor(() => expect(ui.frame()).toContain("Question  Which color?"));
    expect(ui.frame()).toContain("2  blue");
    await ui.type("2");
    await vi.waitFor(() => expect(answer).toBe("blue"));
  });

  it("a bracketed paste ending in a newline is collapsed and not sent; Enter sends it whole", async () => {
    const agent = new ScriptedAgent(async () => undefined);
    const ui = mount(fakeSession({ agent }));
    const long = Array.from({ length: 30 }, (_, i) => `row ${i}`).join("\n");
    await ui.type(`\x1b[200~${long}\n\x1b[201~`);
    await vi.waitFor(() => expect(ui.frame()).toContain("❯ [Pasted text #1 +30 lines]"));
    expect(agent.inputs).toEqual([]);
    await ui.type(ENTER);
    await vi.waitFor(() => expect(agent.inputs).toEqual([long]));
  });

  it("a tool cancelled with Ctrl-C is drawn as cancelled", async () => {
    const agent = new ScriptedAgent(async (_, { emit, signal }) => {
      emit({ type: "tool-call", id: "b1", name: "bash", args: { command: "sleep 30" } });
      await new Promise((r) => signal?.addEventListener("abort", r, { once: true }));
      emit({
        type: "tool-result",
        id: "b1",
        name: "bash",
        result: { text: "(no output)\n[cancelled by the user]", isError: true, media: [], truncated: false },
        denied: false,
      });
      return { text: "", reason: "cancelled", steps: 1 };
    });
    const ui = mount(fakeSession({ agent }));
    await ui.command("sleep");
    await vi.waitFor(() => expect(ui.frame()).toContain("bash"));
    await ui.type(CTRL_C);
    await vi.waitFor(() => expect(ui.frame()).toMatch(/⎿ cancelled/));
    expect(ui.frame()).not.toContain("(error)");
  });
});
