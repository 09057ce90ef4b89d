// The runner against real shells: what a hook reads on stdin and in its environment, hooks of one event in
// parallel, and a hook that outlives its timeout killed with its children.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAlive } from "../mcp/stdio/process-tree.js";
import type { HookSpec } from "./config.js";
import { HookRunner } from "./runner.js";

const dir = () => mkdtempSync(join(tmpdir(), "codeagent-hooks-"));
const hook = (over: Partial<HookSpec> & Pick<HookSpec, "command">): HookSpec => ({
  event: "PreToolUse",
  matcher: "",
  timeoutS: 10,
  source: "user",
  file: "settings.json",
  ...over,
});

describe("HookRunner", () => {
  it("gives the event as Claude Code's JSON on stdin, in the project dir, with CLAUDE_PROJECT_DIR", async () => {
    const cwd = dir();
    const runner = new HookRunner({
      hooks: [
        hook({
          matcher: "Write",
          command: 'cat > seen.json; echo "$CLAUDE_PROJECT_DIR|$CODEAGENT_PROJECT_DIR|$PWD" > env.txt',
        }),
      ],
      cwd,
      env: { PATH: process.env.PATH ?? "" },
    });
    runner.setSession("s-1", "/t/s-1.jsonl");
    expect(await runner.preToolUse("write_file", { path: "a.txt", content: "x" }, "call_1")).toEqual({});
    expect(JSON.parse(readFileSync(join(cwd, "seen.json"), "utf8"))).toEqual({
      session_id: "s-1",
      transcript_path: "/t/s-1.jsonl",
      cwd,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { path: "a.txt", content: "x", file_path: join(cwd, "a.txt") },
      tool_use_id: "call_1",
    });
    expect(readFileSync(join(cwd, "env.txt"), "utf8")).toBe(`${cwd}|${cwd}|${cwd}\n`);
  });

  it("runs only the hooks whose matcher covers the tool", async () => {
    const cwd = dir();
    const runner = new HookRunner({
      hooks: [
        hook({ matcher: "Bash", command: "touch bash" }),
        hook({ matcher: "Edit|Write", command: "touch edit" }),
      ],
      cwd,
      env: { PATH: process.env.PATH ?? "" },
    });
    await runner.preToolUse("edit_file", { path: "x" }, "c");
    expect([existsSync(join(cwd, "bash")), existsSync(join(cwd, "edit"))]).toEqual([false, true]);
  });

  it("merges parallel hooks: one denying by exit 2 wins over one allowing", async () => {
    const cwd = dir();
    const allow = `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`;
    const runner = new HookRunner({
      hooks: [hook({ command: allow }), hook({ command: "echo 'no rm -rf' >&2; exit 2" })],
      cwd,
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(await runner.preToolUse("bash", { command: "rm -rf /" }, "c")).toEqual({
      block: "no rm -rf",
      permission: { decision: "deny", reason: "no rm -rf" },
    });
  });

  it("kills a hook and its children at the timeout, and says which setting to raise", async () => {
    const cwd = dir();
    const notices: string[] = [];
    const runner = new HookRunner({
      hooks: [
        hook({
          event: "Stop",
          command: "(sleep 30; touch late) & echo $! > child.pid; sleep 30",
          timeoutS: 0.5,
        }),
      ],
      cwd,
      env: { PATH: process.env.PATH ?? "" },
      onNotice: (n) => notices.push(n),
    });
    expect(await runner.run("Stop", { stop_hook_active: false })).toEqual({
      notices: [expect.stringContaining('timed out and was stopped; raise its "timeout"')],
    });
    const pid = Number(readFileSync(join(cwd, "child.pid"), "utf8"));
    // A killed child may linger as a zombie until its new parent reaps it; it is gone all the same.
    expect(isAlive(pid)).toBe(false);
    expect(notices).toHaveLength(1);
  });

  it("gives a project's hooks the bash tool's environment, without the agent's keys", async () => {
    const cwd = dir();
    writeFileSync(join(cwd, "x"), "");
    const env = { PATH: process.env.PATH ?? "", OPENAI_API_KEY: "sk-1", EDITOR: "vi" };
    const show = 'echo "${OPENAI_API_KEY:-none} ${EDITOR:-none}"';
    const runner = new HookRunner({
      hooks: [
        hook({ event: "UserPromptSubmit", command: show, source: "user" }),
        hook({ event: "UserPromptSubmit", command: show, source: "project" }),
      ],
      cwd,
      env,
    });
    expect(await runner.run("UserPromptSubmit", { prompt: "hi" })).toEqual({
      context: ["sk-1 vi", "none vi"],
    });
  });
});
