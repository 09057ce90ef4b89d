// The session features of the interactive UI with the real Agent against the scripted model server (the
// real provider path): the first message from `codeagent "PROMPT"`, a resumed transcript whose messages
// reach the model, input history across sessions, the token figure in the status line, /context and
// /compact, and the --resume picker.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../../../test/fixtures/model-server.js";
import { Agent } from "../../core/agent/loop.js";
import { PermissionGate } from "../../core/permissions/gate.js";
import { InputHistory } from "../../core/session/input-history.js";
import { SessionStore } from "../../core/session/store.js";
import { ToolRegistry } from "../../core/tools/registry.js";
import { App } from "./App.js";
import type { SessionHost } from "./host.js";
import { SessionPicker } from "./SessionPicker.js";
import { fakeSession } from "./testing/fake-host.js";

const ENTER = "\r";
const UP = "\x1b[A";
const DOWN = "\x1b[B";
const ESC = "\x1b";
const tick = () => new Promise((res) => setTimeout(res, 50));

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

async function realAgent(script: Script, extra: { contextWindow?: number } = {}) {
  const server: ModelServer = await startModelServer(script);
  cleanup.push(() => server.close());
  const agent = new Agent({
    model: createOpenAICompatible({ name: "t", baseURL: `${server.url}/v1` })("scripted"),
    registry: new ToolRegistry(),
    gate: new PermissionGate({ configRules: { allow: [], deny: [] }, yes: false }),
    instructions: () => [],
    cwd: "/project",
    contextWindow: extra.contextWindow ?? 200_000,
  });
  return { agent, server };
}

function mount(host: SessionHost) {
  const s = fakeSession();
  const r = render(
    <App host={{ ...s.host, ...host }} permissions={s.permissions} onExit={() => undefined} />,
  );
  cleanup.push(() => r.unmount());
  const frame = () => r.lastFrame() ?? "";
  const type = async (t: string) => {
    r.stdin.write(t);
    await tick();
  };
  return { frame, type, command: async (l: string) => (await type(l), await type(ENTER)) };
}

const tmp = () => mkdtempSync(join(tmpdir(), "codeagent-ui-"));

describe("interactive sessions", () => {
  it('sends codeagent "PROMPT" as the first message and shows the context figure in the status line', async () => {
    const { agent, server } = await realAgent([{ text: "hello back" }]);
    const base = fakeSession().host;
    const ui = mount({ ...base, agent, model: "openai-compatible:scripted", initialPrompt: "first words" });
    await vi.waitFor(() => expect(ui.frame()).toContain("hello back"));
    expect(server.view(0).user).toEqual(["first words"]);
    // The provider reported 10 input tokens for the request; the window is the setting's 200k.
    await vi.waitFor(() => expect(ui.frame()).toContain("ctx 10/200k (0%)"));
  });

  it("draws a resumed session's transcript and sends its messages with the next one", async () => {
    const dir = tmp();
    const store = new SessionStore(dir);
    const first = await realAgent([{ text: "noted: kiwi" }, { text: "it was kiwi" }]);
    const log = store.create({ cwd: "/project" });
    first.agent.setLog(log);
    await first.agent.run("remember kiwi", { onEvent: () => undefined });

    const loaded = store.load({ file: log.file });
    first.agent.clear();
    first.agent.load(loaded.messages);
    first.agent.setLog(store.reopen(loaded));
    const base = fakeSession().host;
    const ui = mount({
      ...base,
      agent: first.agent,
      model: "m",
      resumed: {
        id: loaded.meta.id,
        title: loaded.meta.title,
        log: loaded.log,
        compactions: loaded.compactions,
      },
    });
    expect(ui.frame()).toContain(`resumed session ${loaded.meta.id} — remember kiwi`);
    expect(ui.frame()).toContain("❯ remember kiwi");
    expect(ui.frame()).toContain("noted: kiwi");
    await ui.command("which fruit?");
    await vi.waitFor(() => expect(ui.frame()).toContain("it was kiwi"));
    expect(first.server.view(1).user).toEqual(["remember kiwi", "which fruit?"]);
    expect(store.load({ file: log.file }).log.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("input history persists across sessions, per project", async () => {
    const file = join(tmp(), "history.jsonl");
    new InputHistory(file, "/project").add("an earlier line");
    new InputHistory(file, "/elsewhere").add("another project's line");
    const base = fakeSession().host;
    const ui = mount({ ...base, inputHistory: new InputHistory(file, "/project") });
    await ui.type(UP);
    expect(ui.frame()).toContain("❯ an earlier line");
    await ui.type(UP);
    expect(ui.frame()).not.toContain("another project's line");
    await ui.type(DOWN);
    await ui.command("/tools");
    expect(new InputHistory(file, "/project").load()).toEqual(["an earlier line", "/tools"]);
  });

  it("/context shows the window and the breakdown; /compact summarises the older turns", async () => {
    const { agent, server } = await realAgent((req) =>
      JSON.stringify(req.body).includes("You summarise a conversation")
        ? { text: "THE SUMMARY" }
        : { text: "ok" },
    );
    const base = fakeSession().host;
    const ui = mount({ ...base, agent, model: "openai-compatible:scripted" });
    await ui.command("/context");
    expect(ui.frame()).toContain("Context of openai-compatible:scripted: window 200k tokens");
    expect(ui.frame()).toContain("last request        none yet");
    await ui.command("one");
    await vi.waitFor(() => expect(server.requests.length).toBe(1));
    await ui.command("two");
    await vi.waitFor(() => expect(server.requests.length).toBe(2));
    await vi.waitFor(() => expect(ui.frame()).toContain("ctx 10/200k"));
    await ui.command("/compact keep the numbers");
    await vi.waitFor(() => expect(ui.frame()).toContain("compacted 2 earlier messages into a summary"));
    expect(server.view(2).user[0]).toContain("Focus on: keep the numbers");
    expect(agent.history[0]).toMatchObject({ role: "user", content: expect.stringContaining("THE SUMMARY") });
  });

  it("/init without a model explains what it needs", async () => {
    const ui = mount({ ...fakeSession().host, modelProblem: "No model provider is configured." });
    await ui.command("/init");
    expect(ui.frame()).toContain(
      "/init (it asks the model to look at the project and write AGENTS.md) needs a model",
    );
  });
});

describe("SessionPicker", () => {
  const rows = [
    { id: "aaaa-1", title: "fix the parser", updated: "2026-12-01T09:55:00.000Z", messages: 12 },
    { id: "bbbb-2", title: "write docs", updated: "2026-11-30T10:00:00.000Z", messages: 3 },
  ];
  const now = new Date("2026-12-01T10:00:00.000Z");

  it("lists time, message count and title; ↓ and Enter pick a session", async () => {
    const onPick = vi.fn();
    const r = render(<SessionPicker rows={rows} onPick={onPick} now={now} />);
    cleanup.push(() => r.unmount());
    expect(r.lastFrame()).toContain("❯ 5m ago     12 msgs  fix the parser");
    expect(r.lastFrame()).toContain("  1d ago      3 msgs  write docs");
    r.stdin.write(DOWN);
    await tick();
    r.stdin.write(ENTER);
    await vi.waitFor(() => expect(onPick.mock.calls).toEqual([["bbbb-2"]]));
  });

  it("Esc starts a new session instead", async () => {
    const onPick = vi.fn();
    const r = render(<SessionPicker rows={rows} onPick={onPick} now={now} />);
    cleanup.push(() => r.unmount());
    r.stdin.write(ESC);
    await vi.waitFor(() => expect(onPick.mock.calls).toEqual([[undefined]]));
  });
});
