// /rewind in the session with the real Agent, the real file tools and a real session file, against the
// scripted model server: two messages edit files, then the code, the conversation or both go back to
// before the first, and the next message (and a resume of the file) carries the rewound conversation.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startModelServer, type ScriptedResponse } from "../../../test/fixtures/model-server.js";
import { Agent } from "../../core/agent/loop.js";
import { PermissionGate } from "../../core/permissions/gate.js";
import { SessionStore } from "../../core/session/store.js";
import { registerBuiltins } from "../../core/tools/builtin/index.js";
import { ToolRegistry } from "../../core/tools/registry.js";
import { App } from "./App.js";
import { rewindView } from "./rewind-host.js";
import { fakeSession } from "./testing/fake-host.js";

const ENTER = "\r";
const UP = "\x1b[A";
const ESC = "\x1b";
const tick = () => new Promise((res) => setTimeout(res, 50));

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

const TWO_TURNS: ScriptedResponse[] = [
  { toolCalls: [{ name: "write_file", args: { path: "a.txt", content: "one\n" } }] },
  { text: "did one" },
  {
    toolCalls: [
      { name: "edit_file", args: { path: "a.txt", old_string: "one", new_string: "two" } },
      { name: "write_file", args: { path: "b.txt", content: "bee\n" } },
    ],
  },
  { text: "did two" },
  { text: "fresh answer" },
];

async function session() {
  const cwd = mkdtempSync(join(tmpdir(), "codeagent-rewind-"));
  writeFileSync(join(cwd, "a.txt"), "zero\n");
  const server = await startModelServer(TWO_TURNS);
  cleanup.push(() => server.close());
  const registry = new ToolRegistry();
  registerBuiltins(registry, { cwd });
  const agent = new Agent({
    model: createOpenAICompatible({ name: "t", baseURL: `${server.url}/v1` })("scripted"),
    registry,
    gate: new PermissionGate({ configRules: { allow: [], deny: [] }, yes: true }),
    instructions: () => [],
    cwd,
    contextWindow: 200_000,
  });
  const store = new SessionStore(mkdtempSync(join(tmpdir(), "codeagent-sessions-")));
  const writer = store.create({ cwd });
  agent.setLog(writer);
  const s = fakeSession();
  const r = render(
    <App
      host={{
        ...s.host,
        agent,
        model: "m",
        cwd,
        rewind: rewindView(
          store,
          () => writer,
          () => agent,
        ),
      }}
      permissions={s.permissions}
      onExit={() => undefined}
    />,
  );
  cleanup.push(() => r.unmount());
  const frame = () => r.lastFrame() ?? "";
  // The test terminal keeps what was printed before a rewind (the real one is cleared): what follows it.
  const redrawn = () => frame().slice(frame().lastIndexOf("rewound the conversation"));
  const type = async (t: string) => {
    r.stdin.write(t);
    await tick();
  };
  const command = async (l: string) => (await type(l), await type(ENTER));
  await command("first change");
  await vi.waitFor(() => expect(frame()).toContain("did one"));
  await command("second change");
  await vi.waitFor(() => expect(frame()).toContain("did two"));
  const file = (name: string) =>
    existsSync(join(cwd, name)) ? readFileSync(join(cwd, name), "utf8") : "(none)";
  expect([file("a.txt"), file("b.txt")]).toEqual(["two\n", "bee\n"]);
  return { cwd, server, agent, store, writer, frame, redrawn, type, command, file };
}

describe("/rewind", () => {
  it("lists the messages with the files each turn changed; Esc goes back to the prompt unchanged", async () => {
    const t = await session();
    await t.command("/rewind");
    await vi.waitFor(() => expect(t.frame()).toContain("Rewind to before a message"));
    expect(t.frame()).toContain("  first change\n    1 file changed");
    expect(t.frame()).toContain("❯ second change\n    2 files changed");
    await t.type(ESC);
    // A lone Esc reaches the app once ink knows no escape sequence follows: wait for the frame.
    await vi.waitFor(() => expect(t.frame()).not.toContain("Rewind to before a message"));
    expect(t.frame()).toContain("❯ ");
    expect([t.file("a.txt"), t.file("b.txt")]).toEqual(["two\n", "bee\n"]);
  });

  it("code and conversation: the files and the transcript go back; the next message starts from there", async () => {
    const t = await session();
    await t.command("/rewind");
    await t.type(UP);
    await t.type(ENTER);
    await vi.waitFor(() => expect(t.frame()).toContain("Rewind to before: first change"));
    expect(t.frame()).toContain("2 files changed since then");
    await t.type("1");
    await vi.waitFor(() => expect(t.frame()).toContain("rewound the conversation to before: first change"));
    expect(t.frame()).toContain("files: restored a.txt; removed b.txt (created after that message)");
    expect(t.redrawn()).not.toContain("did one");
    expect([t.file("a.txt"), t.file("b.txt")]).toEqual(["zero\n", "(none)"]);
    await t.command("start over");
    await vi.waitFor(() => expect(t.frame()).toContain("fresh answer"));
    expect(t.server.view(4).user).toEqual(["start over"]);
    // The session file says the same when resumed.
    const resumed = t.store.load({ file: t.writer.file });
    expect(resumed.log.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(resumed.messages).toEqual(resumed.log);
  });

  it("conversation only: the files stay; a later code rewind still knows what the dropped turn changed", async () => {
    const t = await session();
    await t.command("/rewind");
    await t.type(ENTER); // the newest message: "second change"
    await t.type("2");
    await vi.waitFor(() => expect(t.frame()).toContain("rewound the conversation to before: second change"));
    expect(t.redrawn()).toContain("did one");
    expect(t.redrawn()).not.toContain("did two");
    expect([t.file("a.txt"), t.file("b.txt")]).toEqual(["two\n", "bee\n"]);
    expect(t.agent.history.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    await t.command("/rewind");
    await t.type(ENTER); // now the newest is "first change"
    await t.type("3");
    await vi.waitFor(() => expect(t.frame()).toContain("files: restored a.txt; removed b.txt"));
    expect([t.file("a.txt"), t.file("b.txt")]).toEqual(["zero\n", "(none)"]);
    expect(t.agent.history).toHaveLength(4);
  });

  it("code only: the conversation stays, the files go back; Esc Esc on the empty prompt opens the list", async () => {
    const t = await session();
    await t.type(ESC);
    await t.type(ESC);
    await vi.waitFor(() => expect(t.frame()).toContain("Rewind to before a message"));
    await t.type(ENTER);
    await t.type("3");
    await vi.waitFor(() => expect(t.frame()).toContain("files: restored a.txt; removed b.txt"));
    expect([t.file("a.txt"), t.file("b.txt")]).toEqual(["one\n", "(none)"]);
    expect(t.frame()).toContain("did two");
    expect(t.agent.history).toHaveLength(8);
    expect(t.store.load({ file: t.writer.file }).log).toHaveLength(8);
  });
});
