// Hooks (§23) with a team's `hooks` block copied from a Claude Code setup unchanged: a PreToolUse guard that
// blocks `rm -rf` by exit 2, a PostToolUse formatter on Edit|Write, a UserPromptSubmit that refuses secrets, a
// Stop notifier. Driven by a scripted model through headless runs and checked by their effects. And a cloned
// project's own hooks: they run only once approved, and an edit asks again.
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { ROOT, sandbox, type Sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const hook = (script: string) => ({
  type: "command",
  command: `node "$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}`,
  timeout: 30,
});

/** The block as it stands in a team's `.claude/settings.json`. */
const TEAM_HOOKS = {
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [hook("block-rm.mjs")] }],
    PostToolUse: [{ matcher: "Edit|MultiEdit|Write", hooks: [hook("format.mjs")] }],
    UserPromptSubmit: [{ hooks: [hook("no-secrets.mjs")] }],
    Stop: [{ hooks: [hook("notify.mjs")] }],
  },
};

async function setup(
  script: Script,
): Promise<{ sb: Sandbox; cli: (args: string[]) => ReturnType<typeof runCli> }> {
  const sb = sandbox();
  model = await startModelServer(script);
  cpSync(join(ROOT, "test", "fixtures", "hooks"), join(sb.project, ".claude", "hooks"), { recursive: true });
  const flags = [
    "--model",
    "openai-compatible:scripted",
    "--base-url",
    `${model.url}/v1`,
    "--strict-mcp-config",
  ];
  return { sb, cli: (args) => runCli(sb, [...args, ...flags]) };
}

describe("a team's Claude Code hooks, copied into the user's settings", () => {
  it("formats written files, blocks rm -rf even with --yes, and notifies on stop", async () => {
    const t = await setup([
      { toolCalls: [{ name: "write_file", args: { path: "a.txt", content: "x   \ny\t\n" }, id: "w1" }] },
      { toolCalls: [{ name: "bash", args: { command: "rm -rf build" }, id: "b1" }] },
      { text: "done" },
    ]);
    t.sb.writeJson(join(t.sb.env.CODEAGENT_HOME!, "settings.json"), TEAM_HOOKS);
    mkdirSync(join(t.sb.project, "build"));
    const r = await t.cli(["-p", "tidy up", "--yes", "--no-sandbox", "--output-format", "json"]);
    const doc = r.json();
    // The guard's refusal is a refused call: exit 3 and listed, as CI reads a refused run.
    expect([r.code, doc.permission_denials]).toEqual([
      3,
      [
        {
          tool_name: "bash",
          tool_use_id: "b1",
          tool_input: { command: "rm -rf build" },
          reason: "blocked by a PreToolUse hook: Blocked: rm -rf is not allowed in this repository",
        },
      ],
    ]);
    expect(existsSync(join(t.sb.project, "build"))).toBe(true);
    expect(model!.view(2).toolResults.at(-1)?.text).toBe(
      "blocked by a PreToolUse hook: Blocked: rm -rf is not allowed in this repository",
    );
    expect(readFileSync(join(t.sb.project, "a.txt"), "utf8")).toBe("x\ny\n");
    expect(readFileSync(join(t.sb.project, "hooks.log"), "utf8")).toBe(
      `PostToolUse Write ${join(t.sb.project, "a.txt")}\n`,
    );
    // `session_id` once headless output speaks Claude Code's names (issue 30 item 6), `sessionId` before.
    const sessionId = (doc.session_id ?? doc.sessionId) as string;
    expect(sessionId).toMatch(/./);
    const stopped = JSON.parse(readFileSync(join(t.sb.project, "stopped.json"), "utf8"));
    expect(stopped).toEqual({
      session_id: sessionId,
      transcript_path: expect.stringContaining(sessionId),
      cwd: t.sb.project,
      permission_mode: "default",
      hook_event_name: "Stop",
      stop_hook_active: false,
    });
  });

  it("refuses a prompt holding a secret before any request is made", async () => {
    const t = await setup([{ text: "never sent" }]);
    t.sb.writeJson(join(t.sb.env.CODEAGENT_HOME!, "settings.json"), TEAM_HOOKS);
    const r = await t.cli(["-p", "deploy with sk-abcdefghijklmnopqrstuvwxyz123"]);
    expect([r.code, model!.requests.length]).toEqual([1, 0]);
    expect(r.stderr).toContain(
      "the prompt was blocked by a UserPromptSubmit hook: the prompt holds a secret; remove it and send again",
    );
  });
});

describe("hooks that decide", () => {
  it("a PreToolUse allow runs a call unasked, a Stop hook sends the model back once, SessionEnd runs", async () => {
    const t = await setup([
      { toolCalls: [{ name: "bash", args: { command: "echo hi > out.txt" }, id: "b1" }] },
      { text: "all done" },
      { text: "tests pass" },
    ]);
    t.sb.writeJson(join(t.sb.env.CODEAGENT_HOME!, "settings.json"), {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [hook("allow-echo.mjs")] }],
        Stop: [{ hooks: [hook("stop-once.mjs")] }],
        SessionEnd: [{ hooks: [{ type: "command", command: "cat > ended.json" }] }],
      },
    });
    // No --yes and no terminal: without the hook the call would be refused.
    const r = await t.cli(["-p", "say hi", "--no-sandbox"]);
    expect([r.code, r.stdout.trim()]).toEqual([0, "tests pass"]);
    expect(readFileSync(join(t.sb.project, "out.txt"), "utf8")).toBe("hi\n");
    expect(model!.requests).toHaveLength(3);
    expect(model!.view(2).user.at(-1)).toBe(
      "A Stop hook asks you to continue:\nrun the tests before you stop",
    );
    expect(JSON.parse(readFileSync(join(t.sb.project, "ended.json"), "utf8"))).toMatchObject({
      hook_event_name: "SessionEnd",
      reason: "other",
    });
  });
});

describe("a cloned project's own hooks", () => {
  it("run only once approved, and ask again when the block changes", async () => {
    const t = await setup(() => ({ text: "ok" }));
    const settings = (line: string) =>
      t.sb.writeJson(join(t.sb.project, ".codeagent", "settings.json"), {
        hooks: {
          SessionStart: [
            { hooks: [{ type: "command", command: `echo ${line} >> ran.txt; echo branch-is-main` }] },
          ],
        },
      });
    const ran = () =>
      existsSync(join(t.sb.project, "ran.txt")) ? readFileSync(join(t.sb.project, "ran.txt"), "utf8") : "";
    settings("first");
    const before = await t.cli(["-p", "hi"]);
    expect([before.code, ran()]).toEqual([0, ""]);
    expect(before.stderr).toContain("1 project hook(s) need approval and do not run");
    const listed = await runCli(t.sb, ["hooks", "list", "--json"]);
    expect(listed.json().hooks).toEqual([
      {
        event: "SessionStart",
        matcher: "",
        command: "echo first >> ran.txt; echo branch-is-main",
        timeout: 60,
        source: "project",
        file: join(t.sb.project, ".codeagent", "settings.json"),
        approved: false,
      },
    ]);
    const approved = await runCli(t.sb, ["hooks", "approve"]);
    expect(approved.stdout).toContain("SessionStart *: echo first >> ran.txt; echo branch-is-main");
    const after = await t.cli(["-p", "hi"]);
    expect([after.code, ran()]).toEqual([0, "first\n"]);
    // SessionStart's stdout is context for the model, labelled as the hook's.
    expect(model!.view(model!.requests.length - 1).user.at(-1)).toBe(
      "hi\n\n<hook-context>\nbranch-is-main\n</hook-context>",
    );
    settings("changed");
    const edited = await t.cli(["-p", "hi"]);
    expect([edited.code, ran()]).toEqual([0, "first\n"]);
    expect(edited.stderr).toContain("need approval");
  });
});
