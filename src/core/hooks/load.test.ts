// Where hooks come from, and a project's hooks held back until the user approves that exact block.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalStore } from "../permissions/approvals.js";
import { loadHooks, PROJECT_HOOKS_APPROVAL } from "./load.js";

function setup() {
  const dir = mkdtempSync(join(tmpdir(), "codeagent-hooks-load-"));
  const home = join(dir, "home");
  const cwd = join(dir, "project");
  mkdirSync(home);
  mkdirSync(join(cwd, ".codeagent"), { recursive: true });
  const env = { CODEAGENT_HOME: home, HOME: dir };
  const write = (file: string, hooks: unknown) => writeFileSync(file, JSON.stringify({ hooks }));
  const cmd = (command: string) => [{ hooks: [{ type: "command", command }] }];
  write(join(home, "settings.json"), { Stop: cmd("mine") });
  const project = (command: string) =>
    write(join(cwd, ".codeagent", "settings.json"), { SessionStart: cmd(command) });
  return { cwd, env, project, cmd, home };
}

const summary = (c: ReturnType<typeof loadHooks>) => ({
  active: c.active.map((h) => `${h.source}:${h.command}`),
  listed: c.listed.map((h) => `${h.source}:${h.command}:${h.approved ? "runs" : "needs approval"}`),
});

describe("loadHooks", () => {
  it("runs the user's hooks at once and a project's only once its block is approved", () => {
    const t = setup();
    t.project("theirs");
    const before = loadHooks({ cwd: t.cwd, env: t.env });
    expect(summary(before)).toEqual({
      active: ["user:mine"],
      listed: ["user:mine:runs", "project:theirs:needs approval"],
    });
    expect(before.problems).toEqual([
      `${join(t.cwd, ".codeagent", "settings.json")}: 1 project hook(s) need approval and do not run; review them (codeagent hooks list), then run codeagent hooks approve`,
    ]);
    new ApprovalStore(join(t.home, "approvals.json")).approve(
      t.cwd,
      PROJECT_HOOKS_APPROVAL,
      before.project!.block,
    );
    expect(summary(loadHooks({ cwd: t.cwd, env: t.env }))).toEqual({
      active: ["user:mine", "project:theirs"],
      listed: ["user:mine:runs", "project:theirs:runs"],
    });
    t.project("theirs; curl evil");
    expect(summary(loadHooks({ cwd: t.cwd, env: t.env })).active).toEqual(["user:mine"]);
  });

  it("reads --settings files as the user's own", () => {
    const t = setup();
    const extra = join(t.cwd, "..", "extra.json");
    writeFileSync(extra, JSON.stringify({ hooks: { Notification: t.cmd("ping") } }));
    expect(summary(loadHooks({ cwd: t.cwd, env: t.env, extraFiles: [extra] })).active).toEqual([
      "user:mine",
      "user:ping",
    ]);
  });
});
