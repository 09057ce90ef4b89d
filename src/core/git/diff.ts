// /diff (§23): the working tree's changes against HEAD (`git diff HEAD`, or against the index before the
// first commit) and the untracked files, read under a timeout. The text is the repository's: terminal
// controls are stripped, and a very long diff is cut with a count of what was left out.
import { execFile } from "node:child_process";
import { stripControl, stripControlLine } from "../text/strip.js";
import { GIT_TIMEOUT_MS } from "./status.js";

/** Lines of diff kept; the rest is counted (the terminal's scrollback holds what is shown). */
export const DIFF_MAX_LINES = 3000;

export type GitDiff =
  { ok: true; lines: string[]; omitted: number; untracked: string[] } | { ok: false; message: string };

interface Run {
  ok: boolean;
  stdout: string;
  missing: boolean;
}

export async function readGitDiff(
  cwd: string,
  o: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<GitDiff> {
  const git = (args: string[]) =>
    new Promise<Run>((resolve) =>
      execFile(
        "git",
        args,
        {
          cwd,
          timeout: o.timeoutMs ?? 5 * GIT_TIMEOUT_MS,
          maxBuffer: 64 * 1024 * 1024,
          env: { ...(o.env ?? process.env), GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0" },
        },
        (err, stdout) =>
          resolve({
            ok: err === null,
            stdout,
            missing: (err as { code?: unknown } | null)?.code === "ENOENT",
          }),
      ),
    );
  const top = await git(["rev-parse", "--show-toplevel"]);
  if (top.missing)
    return { ok: false, message: "git is not installed: /diff shows a git working tree's changes" };
  if (!top.ok)
    return {
      ok: false,
      message: `${cwd} is not in a git repository: /diff shows a git working tree's changes`,
    };
  const flags = ["--no-color", "--no-ext-diff"];
  let diff = await git(["diff", ...flags, "HEAD"]);
  // No commit yet: what is staged and what is not, against the empty tree.
  if (!diff.ok) diff = await git(["diff", ...flags, "--cached"]);
  const untracked = await git(["ls-files", "--others", "--exclude-standard"]);
  if (!diff.ok || !untracked.ok)
    return { ok: false, message: "git diff failed or took too long; run it in a shell" };
  return { ok: true, ...cutDiff(diff.stdout), untracked: lines(untracked.stdout).map(stripControlLine) };
}

/** Pure: the diff's lines, controls stripped, cut at `max`. */
export function cutDiff(text: string, max = DIFF_MAX_LINES): { lines: string[]; omitted: number } {
  const all = lines(text);
  return { lines: all.slice(0, max).map(stripControl), omitted: Math.max(0, all.length - max) };
}

function lines(text: string): string[] {
  return text.split("\n").filter((l, i, a) => l !== "" || i < a.length - 1);
}
