// Elicitation answered by the person (§9) through the real App and ElicitPrompt: a server's form with
// defaults and checks, accept / decline / cancel, and URL mode shown whole and opened only on consent.
import type { ElicitResult } from "@modelcontextprotocol/client";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ElicitationParams } from "../../core/mcp/connection/elicitation.js";
import { App } from "./App.js";
import { ElicitQueue } from "./elicit-queue.js";
import { ElicitPrompt } from "./ElicitPrompt.js";
import { formSpec } from "../../core/mcp/connection/elicitation-form.js";
import { fakeSession, ScriptedAgent } from "./testing/fake-host.js";

const ENTER = "\r";
const ESC = "\x1b";
const DOWN = "\x1b[B";
const UP = "\x1b[A";
const BACKSPACE = "\x7f";

let unmounts: (() => void)[] = [];
afterEach(() => {
  for (const u of unmounts) u();
  unmounts = [];
});

const tick = () => new Promise((res) => setTimeout(res, 50));

const FORM: ElicitationParams = {
  message: "Who are you?",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name", description: "as on the badge", default: "Ada" },
      age: { type: "integer", title: "Age", minimum: 0 },
      admin: { type: "boolean", title: "Admin" },
      color: { type: "string", title: "Color", enum: ["red", "green"], default: "green" },
    },
    required: ["name", "age"],
  },
};

/** A session whose model calls a tool; the tool's server asks `params` and the answer ends the turn. */
function mount(params: ElicitationParams, opened: string[] = []) {
  const queue = new ElicitQueue((url) => (opened.push(url), true));
  const answers: ElicitResult[] = [];
  const agent = new ScriptedAgent(async (_, { signal }) => {
    answers.push(await queue.handler("srv")(params, signal ?? new AbortController().signal));
  });
  const s = fakeSession({ agent });
  const r = render(
    <App host={s.host} permissions={s.permissions} onExit={() => undefined} elicitations={queue} />,
  );
  unmounts.push(r.unmount);
  const frame = () => r.lastFrame() ?? "";
  const printed = () => r.frames.join("\n");
  const type = async (text: string) => {
    r.stdin.write(text);
    await tick();
  };
  const start = async (waitFor: string) => {
    await type("go");
    await type(ENTER);
    await vi.waitFor(() => expect(frame()).toContain(waitFor));
  };
  return { frame, printed, type, start, answers, queue };
}

describe("elicitation in the interactive session", () => {
  it("shows the form's fields with titles, descriptions, defaults and required marks", async () => {
    const ui = mount(FORM);
    await ui.start("Input requested");
    const f = ui.frame();
    expect(f).toContain('MCP server "srv" asks:');
    expect(f).toContain("Who are you?");
    expect(f).toMatch(/❯ Name \* {2}Ada/);
    expect(f).toContain("as on the badge");
    expect(f).toMatch(/Age \* {2}\(empty\)/);
    expect(f).toContain("whole number · ≥ 0");
    expect(f).toMatch(/Admin {2}\(not set\)/);
    expect(f).toContain("( ) red (•) green");
    expect(f).toContain("[ Accept and send ]");
    expect(f).toContain("[ Decline ]");
  });

  it("checks before sending, says what is wrong, and sends the corrected answer", async () => {
    const ui = mount(FORM);
    await ui.start("Input requested");
    await ui.type(`${BACKSPACE}${BACKSPACE}${BACKSPACE}Grace`);
    await ui.type(DOWN);
    await ui.type("abc");
    // Enter on a field that is not the last moves on; Accept runs the check.
    await ui.type(DOWN);
    await ui.type(DOWN);
    await ui.type(DOWN);
    await ui.type(ENTER);
    await vi.waitFor(() => expect(ui.frame()).toContain("✗ a whole number"));
    expect(ui.answers).toEqual([]);
    expect(ui.frame()).toMatch(/❯ Age \* {2}abc/); // focus went to the wrong field
    await ui.type(`${BACKSPACE}${BACKSPACE}${BACKSPACE}42`);
    await vi.waitFor(() => expect(ui.frame()).toMatch(/❯ Age \* {2}42/));
    expect(ui.frame()).not.toContain("✗");
    await ui.type(DOWN);
    await ui.type(" "); // Admin: yes
    await ui.type(DOWN);
    await ui.type("\x1b[D"); // Color: ← to red
    await ui.type(ENTER); // the last field sends
    await vi.waitFor(() =>
      expect(ui.answers).toEqual([
        { action: "accept", content: { name: "Grace", age: 42, admin: true, color: "red" } },
      ]),
    );
    await vi.waitFor(() => expect(ui.frame()).not.toContain("Input requested"));
  });

  it("declines from the Decline row and cancels with Esc", async () => {
    const ui = mount(FORM);
    await ui.start("Input requested");
    await ui.type(UP); // wraps to the last row: Cancel
    await ui.type(UP); // Decline
    await ui.type(ENTER);
    await vi.waitFor(() => expect(ui.answers).toEqual([{ action: "decline" }]));

    const again = mount(FORM);
    await again.start("Input requested");
    await again.type(ESC);
    await vi.waitFor(() => expect(again.answers).toEqual([{ action: "cancel" }]));
  });

  it("a form it cannot render can only be declined or cancelled", async () => {
    const ui = mount({
      message: "Odd",
      requestedSchema: { type: "object", properties: { x: { type: "object" } } },
    } as unknown as ElicitationParams);
    await ui.start("Input requested");
    expect(ui.frame()).toContain('cannot be answered here: field "x" has a type this form cannot show');
    expect(ui.frame()).not.toContain("Accept and send");
    await ui.type(ENTER);
    await vi.waitFor(() => expect(ui.answers).toEqual([{ action: "decline" }]));
  });

  it("URL mode shows the server, the site and the whole URL, and opens it only when accepted", async () => {
    const url = "https://auth.example.com/oauth/authorize?client_id=abc&state=xyz&scope=read%20write";
    const opened: string[] = [];
    const ui = mount({ mode: "url", message: "Sign in", url, elicitationId: "e1" }, opened);
    await ui.start("Open a URL?");
    const f = ui.frame();
    expect(f).toContain('MCP server "srv" asks:');
    expect(f).toContain("site auth.example.com");
    expect(f.replace(/[│\s]+/g, "")).toContain(url.replace(/\s/g, ""));
    expect(opened).toEqual([]);
    await ui.type("o");
    await vi.waitFor(() => expect(ui.answers).toEqual([{ action: "accept" }]));
    expect(opened).toEqual([url]);
    // Wrapped at the frame's width: compared without the line breaks.
    await vi.waitFor(() =>
      expect(ui.printed().replace(/\s+/g, "")).toContain(
        `openedinyourbrowserfor"srv":${url}`.replace(/\s/g, ""),
      ),
    );
  });

  it("URL mode: Esc cancels without opening anything", async () => {
    const opened: string[] = [];
    const ui = mount(
      { mode: "url", message: "Sign in", url: "https://a.example/x", elicitationId: "e" },
      opened,
    );
    await ui.start("Open a URL?");
    await ui.type(ESC);
    await vi.waitFor(() => expect(ui.answers).toEqual([{ action: "cancel" }]));
    expect(opened).toEqual([]);
  });
});

describe("a form taller than the terminal", () => {
  const fields = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      `f${i + 1}`,
      { type: "string", title: `Field ${i + 1}`, description: `what field ${i + 1} is for` },
    ]),
  );
  const params: ElicitationParams = {
    message: "Twenty questions",
    requestedSchema: { type: "object", properties: fields },
  } as ElicitationParams;

  it("keeps the title and the focused field on screen while ↓/↑ move through it", async () => {
    const answers: ElicitResult[] = [];
    const pending = {
      id: 1,
      server: "srv",
      mode: "form" as const,
      message: params.message,
      spec: formSpec(params),
    };
    const r = render(
      <ElicitPrompt pending={pending} onAnswer={(a) => answers.push(a)} rows={20} columns={80} />,
    );
    unmounts.push(r.unmount);
    const frame = () => r.lastFrame() ?? "";
    const check = (focused: number) => {
      const f = frame();
      expect(f.split("\n").length).toBeLessThanOrEqual(20);
      expect(f).toContain("Input requested");
      expect(f).toContain("Twenty questions");
      expect(f).toMatch(new RegExp(`❯ Field ${focused} `));
    };
    await vi.waitFor(() => check(1));
    expect(frame()).toMatch(/↓ \d+ more below/);
    expect(frame()).not.toContain("Field 20");
    for (let i = 2; i <= 20; i++) {
      r.stdin.write(DOWN);
      await vi.waitFor(() => check(i));
    }
    expect(frame()).toMatch(/↑ \d+ more above/);
    expect(frame()).not.toContain("Field 1 ");
    r.stdin.write(DOWN); // to Accept
    await vi.waitFor(() => expect(frame()).toContain("❯ [ Accept and send ]"));
    expect(frame()).toContain("Input requested");
    for (let i = 0; i < 19; i++) r.stdin.write(UP);
    await vi.waitFor(() => check(2));
    r.stdin.write(UP);
    await vi.waitFor(() => check(1));
    expect(frame()).not.toMatch(/more above/);
  });
});
