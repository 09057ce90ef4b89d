// Git awareness (§23) with a real repository, the real Agent and the scripted model: the branch and its
// changes in the status line, refreshed after each turn, in the system prompt as read at the first turn,
// and /diff.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startModelServer } from "../../../test/fixtures/model-server.js";
import { Agent } from "../../core/agent/loop.js";
import { readGitStatus } from "../../core/git/status.js";
import { PermissionGate } from "../../core/permissions/gate.js";
import { ToolRegistry } from "../../core/tools/registry.js";
import { App } from "./App.js";
import { fakeSession } from "./testing/fake-host.js";
import { diffLineStyle } from "./ViewBlock.js";

const tick = () => new Promise((res) => setTimeout(res, 50));
let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

describe("git in the session", () => {
  it("shows the branch, marks changes after the turn that made them, and tells the model once", async () => {
    const repo = mkdtempSync(join(tmpdir(), "codeagent-git-ui-"));
    execFileSync("git", ["init", "-q", "-b", "trunk"], { cwd: repo });
    const server = await startModelServer([{ text: "first" }, { text: "second" }]);
    cleanup.push(() => server.close());
    const gitStatus = () => readGitStatus(repo);
    const agent = new Agent({
      model: createOpenAICompatible({ name: "t", baseURL: `${server.url}/v1` })("scripted"),
      registry: new ToolRegistry(),
      gate: new PermissionGate({ configRules: { allow: [], deny: [] }, yes: false }),
      instructions: () => [],
      cwd: repo,
      gitStatus,
    });
    const s = fakeSession();
    const r = render(
      <App
        host={{ ...s.host, agent, model: "m", gitStatus }}
        permissions={s.permissions}
        onExit={() => undefined}
      />,
    );
    cleanup.push(() => r.unmount());
    const frame = () => r.lastFrame() ?? "";
    const send = async (text: string) => {
      r.stdin.write(text);
      await tick();
      r.stdin.write("\r");
      await tick();
    };
    await vi.waitFor(() => expect(frame()).toContain("│  trunk  │  m"));
    await send("one");
    await vi.waitFor(() => expect(frame()).toContain("first"));
    expect(server.requests[0]!.body.messages[0].content).toContain(
      "Git: branch trunk, no uncommitted changes (as of the session's first message",
    );
    writeFileSync(join(repo, "new.txt"), "x");
    await send("two");
    await vi.waitFor(() => expect(frame()).toContain("│  trunk*  │  m"));
    // The system prompt stays as it was (a stable prefix); the model can run git status for the state now.
    expect(server.requests[1]!.body.messages[0].content).toContain(
      "Git: branch trunk, no uncommitted changes",
    );
  });
});

describe("/diff", () => {
  const mount = (cwd: string) => {
    const s = fakeSession();
    const r = render(<App host={{ ...s.host, cwd }} permissions={s.permissions} onExit={() => undefined} />);
    cleanup.push(() => r.unmount());
    return {
      frame: () => r.lastFrame() ?? "",
      command: async (l: string) => {
        r.stdin.write(l);
        await tick();
        r.stdin.write("\r");
        await tick();
      },
    };
  };

  it("shows the changes against HEAD and lists the untracked files", async () => {
    const repo = mkdtempSync(join(tmpdir(), "codeagent-diff-"));
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: "ignore" });
    git("init", "-q", "-b", "trunk");
    writeFileSync(join(repo, "a.txt"), "old line\nsame\n");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first");
    writeFileSync(join(repo, "a.txt"), "new line\nsame\n");
    writeFileSync(join(repo, "fresh.txt"), "x\n");
    const ui = mount(repo);
    await ui.command("/diff");
    await vi.waitFor(() => expect(ui.frame()).toContain("Untracked (1, not in the diff):"));
    const shown = ui.frame();
    expect(shown).toContain("diff --git a/a.txt b/a.txt");
    expect(shown).toContain("@@ -1,2 +1,2 @@\n-old line\n+new line\n same");
    expect(shown).toContain("  fresh.txt");
  });

  it("outside a repository says what /diff needs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-nodiff-"));
    process.env.GIT_CEILING_DIRECTORIES = tmpdir();
    cleanup.push(() => void delete process.env.GIT_CEILING_DIRECTORIES);
    const ui = mount(dir);
    await ui.command("/diff");
    // The message wraps in the test terminal: compare it as one line.
    const flat = () => ui.frame().replace(/\s+/g, " ");
    await vi.waitFor(() =>
      expect(flat()).toContain("is not in a git repository: /diff shows a git working tree's changes"),
    );
  });
});

describe("diffLineStyle", () => {
  it.each([
    ["diff --git a/x b/x", { bold: true }],
    ["+++ b/x", { bold: true }],
    ["@@ -1 +1 @@", { color: "cyan" }],
    ["+added", { color: "green" }],
    ["-removed", { color: "red" }],
    ["index 123..456 100644", { dimColor: true }],
    [" context", {}],
  ])("%s", (line, want) => expect(diffLineStyle(line)).toEqual(want));
});
