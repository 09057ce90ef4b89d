// The project's git state (§23): branch and how many paths differ from HEAD, read with one
// `git status --porcelain=v2 --branch` under a timeout. Not a repository, no git, or a slow one: undefined,
// and nothing is shown. The parsing and the wording are pure.
import { execFile } from "node:child_process";

export interface GitStatus {
  /** The branch, or the short commit when HEAD is detached. */
  branch: string;
  detached: boolean;
  /** Paths changed, staged or untracked. */
  changed: number;
}

export const GIT_TIMEOUT_MS = 2000;

export function readGitStatus(
  cwd: string,
  o: { timeoutMs?: number; signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {},
): Promise<GitStatus | undefined> {
  return new Promise((resolve) => {
    execFile(
      "git",
      ["status", "--porcelain=v2", "--branch", "--untracked-files=normal"],
      {
        cwd,
        timeout: o.timeoutMs ?? GIT_TIMEOUT_MS,
        maxBuffer: 8 * 1024 * 1024,
        // A status never waits for a lock another git holds, and never asks for anything.
        env: { ...(o.env ?? process.env), GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0" },
        ...(o.signal !== undefined && { signal: o.signal }),
      },
      (err, stdout) => resolve(err === null ? parseGitStatus(stdout) : undefined),
    );
  });
}

/** Pure: the porcelain v2 output with `--branch` → branch and changed-path count. */
export function parseGitStatus(text: string): GitStatus | undefined {
  let head: string | undefined;
  let oid: string | undefined;
  let changed = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("# branch.head ")) head = line.slice("# branch.head ".length).trim();
    else if (line.startsWith("# branch.oid ")) oid = line.slice("# branch.oid ".length).trim();
    else if (/^[12u?] /.test(line)) changed++;
  }
  if (head === undefined) return undefined;
  const detached = head === "(detached)";
  const branch = detached ? (oid === undefined || oid === "(initial)" ? "HEAD" : oid.slice(0, 7)) : head;
  return { branch, detached, changed };
}

/** The status line's part: "main", "main*" when anything changed. */
export function gitLabel(s: GitStatus): string {
  return `${s.detached ? "detached " : ""}${s.branch}${s.changed > 0 ? "*" : ""}`;
}

/** The system prompt's line: read once, when the session's first turn starts. */
export function gitPromptLine(s: GitStatus): string {
  const where = s.detached ? `a detached HEAD at ${s.branch}` : `branch ${s.branch}`;
  const state =
    s.changed === 0 ? "no uncommitted changes" : `${s.changed} changed path${s.changed === 1 ? "" : "s"}`;
  return `Git: ${where}, ${state} (as of the session's first message; run git status for the current state).`;
}
