import { describe, expect, it } from "vitest";
import { readSubagent, toolPatterns } from "./definition.js";

describe("readSubagent", () => {
  it("reads Claude Code's fields: name, description, tools as a comma list, model, the body as prompt", () => {
    const r = readSubagent(
      { name: "reviewer", description: "Reviews diffs", tools: "Read, Grep, Glob, Bash", model: "inherit" },
      "You review code.\n",
      "file-stem",
    );
    expect(r).toEqual({
      ok: true,
      fields: {
        name: "reviewer",
        description: "Reviews diffs",
        tools: ["read_file", "list_directory", "glob", "grep", "bash"],
        prompt: "You review code.",
        problems: [],
      },
    });
  });

  it.each([
    [{ description: "d" }, "stem", { name: "stem" }],
    [{ description: "d", model: "anthropic:claude-x" }, "s", { model: "anthropic:claude-x" }],
    [
      { description: "d", tools: ["Read", "mcp__github__create_issue"] },
      "s",
      {
        tools: ["read_file", "list_directory", "glob", "grep", "mcp__github__create_issue"],
      },
    ],
    [{ description: "d", tools: "mcp__github" }, "s", { tools: ["mcp__github__*"] }],
    [{ description: "d", tools: "*" }, "s", { tools: undefined }],
    [{ description: "d", tools: "" }, "s", { tools: [] }],
  ] as const)("%j (file %s) reads as %j", (fm, stem, want) => {
    const r = readSubagent(fm, "body", stem);
    expect(r.ok && { name: r.fields.name, tools: r.fields.tools, model: r.fields.model }).toMatchObject(want);
  });

  it.each([
    [
      { name: "re viewer", description: "d" },
      'name "re viewer" must be 1-64 letters, digits, "_", "." or "-"',
    ],
    [{ name: 3, description: "d" }, "name must be a string"],
    [{ name: "a" }, "frontmatter has no description: the model chooses an agent by it"],
    [{ name: "a", description: "d", model: 4 }, "model must be a string"],
    [{ name: "a", description: "d", tools: { Read: true } }, "tools must be a string or a list of strings"],
  ])("%j is invalid: %s", (fm, reason) => {
    expect(readSubagent(fm, "body", "stem")).toEqual({ ok: false, reason });
  });

  it("an empty body is invalid: it is the agent's whole prompt", () => {
    expect(readSubagent({ description: "d" }, " \n", "a")).toEqual({
      ok: false,
      reason: "the body (the agent's system prompt) is empty",
    });
  });

  it("a Claude Code model alias runs on the session's model, with a note", () => {
    const r = readSubagent({ description: "d", model: "sonnet" }, "b", "a");
    expect(r.ok && [r.fields.model, r.fields.problems]).toEqual([
      undefined,
      [
        "model: \"sonnet\" is Claude Code's alias; the session's model runs this agent (write provider:model to choose one)",
      ],
    ]);
  });
});

describe("toolPatterns", () => {
  it.each([
    [["Write", "Edit"], ["write_file", "edit_file", "multi_edit", "notebook_edit"], []],
    [["BashOutput", "KillShell", "TodoWrite"], ["bash_output", "kill_bash", "todo_write"], []],
    [["read_file", "mcp__srv__*"], ["read_file", "mcp__srv__*"], []],
    [
      ["Task", "Read"],
      ["read_file", "list_directory", "glob", "grep"],
      ["tools: a subagent cannot start subagents; Task is left out"],
    ],
    [["execute_code"], [], ["tools: execute_code is not given to subagents; left out"]],
    [
      ["Bash(git diff:*)"],
      ["bash"],
      [
        "tools: the specifier of Bash(git diff:*) is not applied: Bash's calls pass the session's permissions",
      ],
    ],
  ])("%j → %j", (listed, want, problems) => {
    const got: string[] = [];
    expect([toolPatterns(listed, got), got]).toEqual([want, problems]);
  });

  it("an unknown Claude Code name is left out and named", () => {
    const got: string[] = [];
    expect(toolPatterns(["WebSearch", "Grep"], got)).toEqual(["grep"]);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^tools: "WebSearch" is no tool here \(Claude Code names: Bash, Read, .*\); left out$/,
    );
  });
});
