import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAlive } from "../../mcp/stdio/process-tree.js";
import { bashTool } from "./bash.js";
import { call, tempProject } from "./test-project.js";

describe("bash", () => {
  const cwd = tempProject({ "hello.txt": "hi" });
  const tool = bashTool({ cwd });

  it("runs in the project directory and reports the exit code", async () => {
    expect(await call(tool, { command: "cat hello.txt; echo; echo err >&2" })).toEqual({
      text: "hi\nerr\n[exit code 0]",
      isError: false,
    });
    expect(await call(tool, { command: "exit 3" })).toEqual({
      text: "(no output)\n[exit code 3]",
      isError: true,
    });
  });

  it("kills the whole process group on timeout", async () => {
    const marker = join(cwd, "child.pid");
    const r = await call(tool, {
      command: `sleep 30 & echo $! > ${marker}; echo started; wait`,
      timeout_ms: 300,
    });
    expect(r).toEqual({
      text: "started\n[killed: timed out after 300 ms; raise timeout_ms if it needs longer]",
      isError: true,
    });
    // The background child is gone too (a zombie awaiting its reaper counts as gone).
    expect(isAlive(Number(readFileSync(marker, "utf8")))).toBe(false);
  });

  it("stops when the signal aborts", async () => {
    const ac = new AbortController();
    // Aborted once the command is under way (a fixed delay could beat bash's start on a loaded machine).
    const started = join(cwd, "abort.started");
    const run = call(tool, { command: `echo go; touch ${started}; sleep 30` }, { signal: ac.signal });
    for (let i = 0; i < 1000 && !existsSync(started); i++) await new Promise((r) => setTimeout(r, 20));
    ac.abort();
    expect(await run).toEqual({
      text: "go\n[cancelled by the user]",
      isError: true,
    });
  });

  it("caps long output and saves the whole of it", async () => {
    const saveDir = tempProject();
    const r = await bashTool({ cwd, saveDir, maxChars: 100 }).execute({ command: "seq 1 1000" }, {});
    expect(r.truncated).toBe(true);
    expect(r.text).toContain("[output truncated:");
    expect(readFileSync(r.savedTo ?? "", "utf8")).toContain("\n1000\n[exit code 0]");
  });
});
