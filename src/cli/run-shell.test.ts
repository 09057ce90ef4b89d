// `!cmd` (issue 30 item 7): the user's own command runs without the permission prompt, even where the rules
// would ask for the same command from the model.
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAgentHost } from "./agent-host.js";

describe("!cmd", () => {
  it("runs the user's command without asking", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-shell-"));
    const cwd = join(dir, "project");
    mkdirSync(cwd);
    let asked = 0;
    const host = await createAgentHost(
      { strictMcpConfig: true, sandbox: false },
      {
        interactive: true,
        prompter: { ask: () => (asked++, Promise.resolve("deny")) },
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: dir, CODEAGENT_HOME: join(dir, "home") },
      },
    );
    try {
      const r = await host.runShell("echo hi > made.txt");
      expect([r.denied, asked, readFileSync(join(cwd, "made.txt"), "utf8")]).toEqual([false, 0, "hi\n"]);
    } finally {
      await host.shutdown();
    }
  });
});
