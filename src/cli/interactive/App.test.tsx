import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_LISTS } from "../../core/mcp/servers/state.js";
import type { ToolResult } from "../../core/tools/types.js";
import { App } from "./App.js";
import { sandboxLine } from "./sandbox-line.js";
import type { PermissionAnswer } from "../../core/permissions/gate.js";
import { fakeSession, ScriptedAgent, snapshot, type FakeSession } from "./testing/fake-host.js";

const ENTER = "\r";
const CTRL_C = "\x03";
const CTRL_D = "\x04";
const ESC = "\x1b";

const running = () => ({ status: "starting" as const, since: 0, attempt: 0 });
const ready = () => ({ status: "ready" as const, since: 0 });

let unmounts: (() => void)[] = [];
afterEach(() => {
  for (const u of unmounts) u();
  unmounts = [];
});

function mount(s: FakeSession, onExit = vi.fn()) {
  const r = render(<App host={s.host} permissions={s.permissions} onExit={onExit} exitWindowMs={5000} />);
  unmounts.push(r.unmount);
  const frame = () => r.lastFrame() ?? "";
  const type = async (text: string) => {
    r.stdin.write(text);
    await tick();
  };
  const command = async (line: string) => {
    await type(line);
    await type(ENTER);
  };
  return { ...r, frame, type, command, onExit };
}

/** Lets ink and React process pending input and renders. */
const tick = () => new Promise((res) => setTimeout(res, 50));

const textResult = (text: string, isError = false): ToolResult => ({
  text,
  isError,
  media: [],
  truncated: false,
});

describe("App", () => {
  it("updates the status line live from the manager's state events", async () => {
    const s = fakeSession({ servers: [snapshot("a", running()), snapshot("b", running())] });
    const ui = mount(s);
    expect(ui.frame()).toContain("MCP 0 ready · 2 starting");
    expect(ui.frame()).toContain("no model");
    s.manager.setState("a", ready());
    await vi.waitFor(() => expect(ui.frame()).toContain("MCP 1 ready · 1 starting"));
    s.manager.setState("b", { status: "failed", error: { code: "SPAWN_FAILED", message: "nope" }, at: 0 });
    await vi.waitFor(() => expect(ui.frame()).toContain("MCP 1 ready · 1 failed"));
  });

  it("/mcp prints the server table with errors", async () => {
    const failed = {
      status: "failed" as const,
      error: { code: "SPAWN_FAILED" as const, message: "spawn nope ENOENT" },
      at: 0,
    };
    const s = fakeSession({ servers: [snapshot("alpha", ready()), snapshot("beta", failed)] });
    const ui = mount(s);
    await ui.command("/mcp");
    await vi.waitFor(() =>
      expect(ui.frame()).toMatch(/server\s+scope\s+status\s+tools\s+resources\s+prompts/),
    );
    const f = ui.frame();
    expect(f).toMatch(/alpha\s+user\s+ready\s+0\s+0\s+0/);
    expect(f).toMatch(/beta\s+user\s+failed/);
    expect(f).toContain("⎿ spawn nope ENOENT");
  });

  it("/mcp shows each server's sandbox policy and an idle (lazy) server apart from a ready one", async () => {
    const s = fakeSession({
      servers: [snapshot("alpha", ready()), snapshot("beta", { status: "idle", since: 0 })],
    });
    const env = { HOME: "/home/u", CODEAGENT_HOME: "/home/u/.codeagent" };
    s.host.sandboxOf = sandboxLine({ env, cwd: "/work/p", host: { homeEnv: env, addDirs: [] } });
    const ui = mount(s);
    await ui.command("/mcp");
    await vi.waitFor(() => expect(ui.frame()).toMatch(/beta\s+user\s+idle/));
    const f = ui.frame();
    expect(f).toMatch(/alpha\s+user\s+ready/);
    expect(f.match(/⎿ sandbox: on — writes .*\/work\/p/g)).toHaveLength(2);
    expect(f).toContain("⎿ idle: tools from the cache; the server starts on its first use");
  });

  it("/mcp shows what listing could not do, cleaned, under the table", async () => {
    const lists = {
      ...EMPTY_LISTS,
      notes: [
        { kind: "tools" as const, text: 'tools/list: server repeated cursor "c0"' },
        { kind: "prompts" as const, text: "prompts/list failed: \x1b]0;pwned\x07down" },
      ],
    };
    const s = fakeSession({ servers: [snapshot("alpha", ready(), { lists }), snapshot("beta", ready())] });
    const ui = mount(s);
    await ui.command("/mcp");
    await vi.waitFor(() => expect(ui.frame()).toContain("Listing notes:"));
    const f = ui.frame();
    expect(f.slice(f.indexOf("Listing notes:")).split("\n").slice(0, 4)).toEqual([
      "Listing notes:",
      '  alpha: tools/list: server repeated cursor "c0"',
      "  alpha: prompts/list failed: down",
      "",
    ]);
  });

  it("/help lists the commands and the keys", async () => {
    const ui = mount(fakeSession());
    await ui.command("/help");
    await vi.waitFor(() => expect(ui.frame()).toContain("/mcp logs NAME"));
    for (const c of ["/mcp logs NAME", "/mcp refresh [NAME]", "/tools", "/clear", "/exit"]) {
      expect(ui.frame()).toContain(c);
    }
  });

  it("an unknown command gets a helpful message", async () => {
    const ui = mount(fakeSession());
    await ui.command("/tols");
    await vi.waitFor(() => expect(ui.frame()).toContain("unknown command /tols (did you mean /tools?)"));
  });

  it("/mcp disable and enable act on the manager", async () => {
    const s = fakeSession({ servers: [snapshot("alpha", ready())] });
    const ui = mount(s);
    await ui.command("/mcp disable alpha");
    await vi.waitFor(() => expect(ui.frame()).toContain("alpha stopped and disabled"));
    await ui.command("/mcp enable alpha");
    await vi.waitFor(() => expect(ui.frame()).toContain("starting alpha…"));
    expect(s.manager.actions).toEqual(["disable alpha", "enable alpha"]);
  });

  it("without a model provider, a chat message explains how to configure one", async () => {
    const s = fakeSession({
      modelProblem: "No model is configured: pass --model openai:MODEL and set OPENAI_API_KEY.",
    });
    const ui = mount(s);
    await ui.command("hello there");
    await vi.waitFor(() => expect(ui.frame()).toContain("No model is configured"));
    expect(ui.frame()).toContain("❯ hello there");
    expect(ui.frame()).toContain("No model is configured: pass --model openai:MODEL");
    expect(ui.frame()).toContain("no model");
  });

  it("streams the answer and shows tool calls with their results", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const agent = new ScriptedAgent(async (_input, { emit }) => {
      emit({ type: "text-delta", text: "Let me " });
      emit({ type: "text-delta", text: "look." });
      await gate;
      emit({ type: "tool-call", id: "c1", name: "mcp__srv__echo", args: { text: "hi" } });
      emit({ type: "tool-progress", id: "c1", progress: 1, total: 4, message: "step 1" });
      await tick();
      emit({
        type: "tool-result",
        id: "c1",
        name: "mcp__srv__echo",
        result: textResult("Echo: hi\nline 2"),
        denied: false,
      });
      emit({ type: "tool-call", id: "c2", name: "mcp__srv__fail", args: {} });
      emit({
        type: "tool-result",
        id: "c2",
        name: "mcp__srv__fail",
        result: textResult("boom", true),
        denied: false,
      });
      emit({ type: "tool-call", id: "c3", name: "write_file", args: { path: "x" } });
      emit({ type: "tool-result", id: "c3", name: "write_file", result: textResult("denied"), denied: true });
      emit({ type: "text-delta", text: "All done.\nBye" });
      emit({ type: "finish", text: "", steps: 2, reason: "stop" });
    });
    const ui = mount(fakeSession({ agent }));
    expect(ui.frame()).toContain("openai-compatible:test-model");
    await ui.command("echo hi");
    await vi.waitFor(() => expect(ui.frame()).toContain("● Let me look."));
    expect(ui.frame()).toContain("Esc or Ctrl-C cancels");
    release();
    await vi.waitFor(() => expect(ui.frame()).toContain("Bye"));
    const f = ui.frame();
    expect(f).toContain('mcp__srv__echo {"text":"hi"}');
    expect(f).toContain("⎿ Echo: hi");
    expect(f).toContain("line 2");
    expect(f).toContain("⎿ (error) boom");
    expect(f).toContain("⎿ denied");
    expect(f).toContain("● All done.");
    expect(agent.inputs).toEqual(["echo hi"]);
  });

  it("shows a progress bar while a tool reports progress with a total", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const agent = new ScriptedAgent(async (_i, { emit }) => {
      emit({ type: "tool-call", id: "p", name: "mcp__srv__progress", args: { steps: 4 } });
      emit({ type: "tool-progress", id: "p", progress: 2, total: 4, message: "step 2" });
      await gate;
      emit({
        type: "tool-result",
        id: "p",
        name: "mcp__srv__progress",
        result: textResult("done"),
        denied: false,
      });
    });
    const ui = mount(fakeSession({ agent }));
    await ui.command("go");
    await vi.waitFor(() => expect(ui.frame()).toContain("██████████░░░░░░░░░░ 50% step 2"));
    release();
    await vi.waitFor(() => expect(ui.frame()).toContain("⎿ done"));
  });

  it("Ctrl-C while a turn runs aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const agent = new ScriptedAgent(
      (_i, o) =>
        new Promise((resolve) => {
          signal = o.signal;
          o.signal?.addEventListener("abort", () => {
            o.emit({ type: "finish", text: "", steps: 0, reason: "cancelled" });
            resolve({ text: "", reason: "cancelled", steps: 0 });
          });
        }),
    );
    const onExit = vi.fn();
    const ui = mount(fakeSession({ agent }), onExit);
    await ui.command("long job");
    await vi.waitFor(() => expect(signal).toBeDefined());
    await ui.type(CTRL_C);
    expect(signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(ui.frame()).toContain("! cancelled"));
    expect(onExit).not.toHaveBeenCalled();
  });

  it("Ctrl-C twice when idle exits, and so does Ctrl-D", async () => {
    const a = mount(fakeSession());
    await a.type(CTRL_C);
    await vi.waitFor(() => expect(a.frame()).toContain("Press Ctrl-C again to exit"));
    expect(a.onExit).not.toHaveBeenCalled();
    await a.type(CTRL_C);
    await vi.waitFor(() => expect(a.onExit).toHaveBeenCalledTimes(1));

    const b = mount(fakeSession());
    await b.type(CTRL_D);
    await vi.waitFor(() => expect(b.onExit).toHaveBeenCalledTimes(1));

    const c = mount(fakeSession());
    await c.command("/exit");
    await vi.waitFor(() => expect(c.onExit).toHaveBeenCalledTimes(1));
  });

  it("two Ctrl-C pressed faster than a render still exit", async () => {
    // The second key arrives before React has re-rendered (and re-subscribed the input handler) for the first.
    const a = mount(fakeSession());
    a.stdin.write(CTRL_C);
    a.stdin.write(CTRL_C);
    await vi.waitFor(() => expect(a.onExit).toHaveBeenCalledTimes(1));
  });

  it("Ctrl-C with text on the line clears the line instead of arming exit", async () => {
    const ui = mount(fakeSession());
    await ui.type("draft");
    await vi.waitFor(() => expect(ui.frame()).toContain("❯ draft"));
    await ui.type(CTRL_C);
    await vi.waitFor(() => expect(ui.frame()).not.toContain("draft"));
    expect(ui.frame()).not.toContain("Press Ctrl-C again");
  });

  it("/clear empties the transcript and the agent's history", async () => {
    const agent = new ScriptedAgent(async () => undefined);
    const ui = mount(fakeSession({ agent }));
    await ui.command("/help");
    await ui.command("/clear");
    await vi.waitFor(() => expect(agent.cleared).toBe(1));
  });

  // Keys pressed, with the option that must be selected after an arrow key, and the answer expected.
  const answers: [string, { arrow?: [string, string] }, PermissionAnswer][] = [
    ["y", {}, "once"],
    ["t", {}, "always-tool"],
    ["s", {}, "always-server"],
    ["g", {}, "always-tool-global"],
    ["n", {}, "deny"],
    ["Esc", {}, "deny"],
    ["Enter", {}, "once"],
    ["Down Enter", { arrow: ["\x1b[B", "❯ t"] }, "always-tool"],
    ["Up Enter", { arrow: ["\x1b[A", "❯ n"] }, "deny"],
  ];
  it.each(answers)("the permission prompt answers %s with %s", async (keys, { arrow }, expected) => {
    const s = fakeSession();
    const ui = mount(s);
    const answer = s.permissions.ask(
      { tool: "mcp__srv__write", server: "srv", readOnly: false },
      { argsPreview: '{"path":"a.txt"}', preview: { kind: "args", text: '{"path":"a.txt"}' } },
    );
    await vi.waitFor(() => expect(ui.frame()).toContain("Allow tool call?"));
    await tick(); // the prompt's key handler subscribes in an effect after the first paint
    expect(ui.frame()).toContain("mcp__srv__write");
    expect(ui.frame()).toContain("(server srv)");
    expect(ui.frame()).toContain('{"path":"a.txt"}');
    if (arrow !== undefined) {
      await ui.type(arrow[0]);
      await vi.waitFor(() => expect(ui.frame()).toContain(arrow[1]));
    }
    await ui.type(keys === "Esc" ? ESC : keys.endsWith("Enter") ? ENTER : keys);
    await expect(answer).resolves.toBe(expected);
    await vi.waitFor(() => expect(ui.frame()).not.toContain("Allow tool call?"));
  });

  it("offers a project server for approval once, showing its command", async () => {
    const project = snapshot(
      "proj",
      { status: "needs-approval" },
      { scope: "project", source: "/repo/.mcp.json" },
    );
    const other = snapshot(
      "other",
      { status: "needs-approval" },
      { scope: "project", source: "/repo/.mcp.json" },
    );
    const s = fakeSession({ servers: [project, other] });
    const ui = mount(s);
    expect(ui.frame()).toContain("Approve project MCP server?  proj");
    expect(ui.frame()).toContain("node proj.js");
    await ui.type("y");
    await vi.waitFor(() => expect(s.approvedRaw).toEqual([{ name: "proj", raw: project.definition.raw }]));
    expect(s.manager.actions).toEqual(["approved proj"]);
    await vi.waitFor(() => expect(ui.frame()).toContain("Approve project MCP server?  other"));
    await ui.type("n");
    await vi.waitFor(() => expect(ui.frame()).not.toContain("Approve project MCP server?"));
    expect(ui.frame()).toContain("other left stopped; approve it later with: codeagent mcp approve other");
    expect(s.approvedRaw).toHaveLength(1);
  });
});
