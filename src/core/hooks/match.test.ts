import { describe, expect, it } from "vitest";
import type { HookSpec } from "./config.js";
import { hooksFor, hookToolInput, hookToolName, matcherCovers, toolNames } from "./match.js";

describe("matcherCovers", () => {
  it.each([
    ["", ["Bash", "bash"], true],
    ["*", ["mcp__a__b"], true],
    ["Bash", ["Bash", "bash"], true],
    ["bash", ["Bash", "bash"], true],
    ["Edit", ["MultiEdit", "multi_edit"], false],
    ["Edit|Write", ["Write", "write_file"], true],
    ["Edit|Write", ["Read", "read_file"], false],
    ["Notebook.*", ["NotebookEdit", "notebook_edit"], true],
    ["mcp__memory__.*", ["mcp__memory__create_entities"], true],
    ["mcp__memory__.*", ["mcp__memoryx__create"], false],
    ["mcp__.*__write.*", ["mcp__fs__write_file"], true],
    ["Bas", ["Bash"], false],
    ["(", ["("], false],
  ])("%j against %j → %s", (matcher, names, want) => {
    expect(matcherCovers(matcher, names)).toBe(want);
  });
});

describe("tool names as hooks see them", () => {
  it.each([
    ["bash", "Bash"],
    ["read_file", "Read"],
    ["write_file", "Write"],
    ["edit_file", "Edit"],
    ["multi_edit", "MultiEdit"],
    ["notebook_edit", "NotebookEdit"],
    ["glob", "Glob"],
    ["grep", "Grep"],
    ["list_directory", "LS"],
    ["web_fetch", "WebFetch"],
    ["todo_write", "TodoWrite"],
    ["task", "Task"],
    ["mcp__fs__read", "mcp__fs__read"],
    ["ask_user", "ask_user"],
  ])("%s → %s", (ours, claude) => {
    expect(hookToolName(ours)).toBe(claude);
  });

  it("matches on both names", () => {
    expect([toolNames("edit_file"), toolNames("mcp__a__b")]).toEqual([["Edit", "edit_file"], ["mcp__a__b"]]);
  });

  it("adds Claude Code's absolute file_path and notebook_path", () => {
    expect([
      hookToolInput("write_file", { path: "src/a.ts", content: "x" }, "/p"),
      hookToolInput("edit_file", { path: "/abs/b.ts" }, "/p"),
      hookToolInput("notebook_edit", { path: "n.ipynb" }, "/p"),
      hookToolInput("bash", { command: "ls" }, "/p"),
      hookToolInput("glob", { pattern: "*", path: "src" }, "/p"),
    ]).toEqual([
      { path: "src/a.ts", content: "x", file_path: "/p/src/a.ts" },
      { path: "/abs/b.ts", file_path: "/abs/b.ts" },
      { path: "n.ipynb", notebook_path: "/p/n.ipynb" },
      { command: "ls" },
      { pattern: "*", path: "src" },
    ]);
  });
});

describe("hooksFor", () => {
  const spec = (event: HookSpec["event"], matcher: string, command: string): HookSpec => ({
    event,
    matcher,
    command,
    timeoutS: 60,
    source: "user",
    file: "f",
  });
  const hooks = [
    spec("PreToolUse", "Bash", "a"),
    spec("PreToolUse", "", "b"),
    spec("PostToolUse", "Edit|Write", "c"),
    spec("Stop", "ignored", "d"),
    spec("PreCompact", "manual", "e"),
    spec("SessionStart", "startup|resume", "f"),
  ];
  it.each([
    ["PreToolUse", ["Bash", "bash"], ["a", "b"]],
    ["PreToolUse", ["Read", "read_file"], ["b"]],
    ["PostToolUse", ["Edit", "edit_file"], ["c"]],
    ["Stop", [], ["d"]],
    ["PreCompact", ["auto"], []],
    ["PreCompact", ["manual"], ["e"]],
    ["SessionStart", ["resume"], ["f"]],
    ["SessionStart", ["clear"], []],
  ] as const)("%s %j → %j", (event, subject, want) => {
    expect(hooksFor(hooks, event, subject).map((h) => h.command)).toEqual(want);
  });
});
