// Git state: the porcelain parsing and wording as tables, and a real repository read through git.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gitLabel, gitPromptLine, parseGitStatus, readGitStatus } from "./status.js";

describe("parseGitStatus", () => {
  const cases: { name: string; text: string; want: ReturnType<typeof parseGitStatus> }[] = [
    { name: "not porcelain output", text: "fatal: not a git repository\n", want: undefined },
    {
      name: "a clean branch",
      text: "# branch.oid 1234567890abcdef\n# branch.head main\n# branch.upstream origin/main\n",
      want: { branch: "main", detached: false, changed: 0 },
    },
    {
      name: "changed, renamed, conflicted and untracked paths count; ignored ones do not",
      text:
        "# branch.oid abc\n# branch.head feature/x\n1 .M N... 100644 100644 100644 a b src/a.ts\n" +
        "2 R. N... 100644 100644 100644 a b R100 new.ts\told.ts\nu UU N... 1 2 3 4 a b c both.ts\n" +
        "? notes.txt\n! ignored.log\n",
      want: { branch: "feature/x", detached: false, changed: 4 },
    },
    {
      name: "a detached HEAD shows the short commit",
      text: "# branch.oid 0123456789abcdef\n# branch.head (detached)\n? x\n",
      want: { branch: "0123456", detached: true, changed: 1 },
    },
    {
      name: "a repository without commits yet",
      text: "# branch.oid (initial)\n# branch.head main\n",
      want: { branch: "main", detached: false, changed: 0 },
    },
  ];
  it.each(cases)("$name", ({ text, want }) => expect(parseGitStatus(text)).toEqual(want));
});

describe("wording", () => {
  const cases = [
    {
      s: { branch: "main", detached: false, changed: 0 },
      label: "main",
      line: "branch main, no uncommitted changes",
    },
    {
      s: { branch: "main", detached: false, changed: 3 },
      label: "main*",
      line: "branch main, 3 changed paths",
    },
    {
      s: { branch: "0123456", detached: true, changed: 1 },
      label: "detached 0123456*",
      line: "a detached HEAD at 0123456, 1 changed path",
    },
  ];
  it.each(cases)("$label", ({ s, label, line }) => {
    expect(gitLabel(s)).toBe(label);
    expect(gitPromptLine(s)).toContain(`Git: ${line} (`);
  });
});

describe("readGitStatus", () => {
  it("reads a real repository, and says nothing outside one or without git", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-git-"));
    const outside = mkdtempSync(join(tmpdir(), "codeagent-nogit-"));
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
    // The test needs git itself: fails here, naming it, when it is missing.
    expect(
      () => execFileSync("git", ["--version"], { stdio: "ignore" }),
      "git not installed: apt-get install git",
    ).not.toThrow();
    git("init", "-q", "-b", "trunk");
    writeFileSync(join(dir, "a.txt"), "a\n");
    writeFileSync(join(dir, "b.txt"), "b\n");
    expect(await readGitStatus(dir)).toEqual({ branch: "trunk", detached: false, changed: 2 });
    // GIT_CEILING_DIRECTORIES keeps git from finding a repository above the temp folder.
    const env = { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() };
    expect(await readGitStatus(outside, { env })).toBeUndefined();
    expect(await readGitStatus(dir, { env: { ...env, PATH: "/nonexistent" } })).toBeUndefined();
  });
});
