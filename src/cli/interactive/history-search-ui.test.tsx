// Ctrl-R in the session: the search line replaces the prompt, Ctrl-R steps to older matches, Enter puts the
// match in the prompt without sending it, Esc gives back the line being typed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InputHistory } from "../../core/session/input-history.js";
import { App } from "./App.js";
import { fakeSession } from "./testing/fake-host.js";

const CTRL_R = "\x12";
const ENTER = "\r";
const ESC = "\x1b";
const tick = () => new Promise((res) => setTimeout(res, 50));
let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

function mount() {
  const file = join(mkdtempSync(join(tmpdir(), "codeagent-hist-")), "history.jsonl");
  const history = new InputHistory(file, "/project");
  for (const line of ["run the tests", "fix the parser", "run the linter"]) history.add(line);
  const s = fakeSession();
  const r = render(
    <App host={{ ...s.host, inputHistory: history }} permissions={s.permissions} onExit={() => undefined} />,
  );
  cleanup.push(() => r.unmount());
  return {
    frame: () => r.lastFrame() ?? "",
    type: async (t: string) => {
      r.stdin.write(t);
      await tick();
    },
  };
}

describe("Ctrl-R", () => {
  it("finds the newest match, Ctrl-R again an older one, Enter puts it in the prompt unsent", async () => {
    const ui = mount();
    await ui.type(CTRL_R);
    await vi.waitFor(() => expect(ui.frame()).toContain("(reverse-i-search)'':"));
    await ui.type("run");
    await vi.waitFor(() => expect(ui.frame()).toContain("(reverse-i-search)'run': run the linter"));
    await ui.type(CTRL_R);
    await vi.waitFor(() => expect(ui.frame()).toContain("(reverse-i-search)'run': run the tests"));
    await ui.type(ENTER);
    await vi.waitFor(() => expect(ui.frame()).not.toContain("reverse-i-search"));
    expect(ui.frame()).toContain("❯ run the tests");
    // In the prompt, not sent: no user message in the transcript.
    expect(ui.frame().match(/❯ run the tests/g)).toHaveLength(1);
  });

  it("says when nothing matches, and Esc gives back the line being typed", async () => {
    const ui = mount();
    await ui.type("half typed");
    await ui.type(CTRL_R);
    await ui.type("zzz");
    await vi.waitFor(() => expect(ui.frame()).toContain("(failing reverse-i-search)'zzz':"));
    await ui.type(ESC);
    // A lone Esc reaches the app once ink knows no escape sequence follows.
    await vi.waitFor(() => expect(ui.frame()).not.toContain("reverse-i-search"));
    expect(ui.frame()).toContain("❯ half typed");
  });
});
