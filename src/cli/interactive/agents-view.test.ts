import { describe, expect, it } from "vitest";
import { agentsText, NO_AGENTS } from "./agents-view.js";

describe("/agents", () => {
  it("lists each agent with source, tools, model and problems, then shadowed and invalid files", () => {
    const base = { prompt: "p", dir: "", problems: [] as string[] };
    const text = agentsText(
      {
        agents: [
          {
            ...base,
            name: "reviewer",
            description: "Reviews diffs",
            tools: ["read_file", "grep"],
            scope: "project",
            file: "/p/.claude/agents/reviewer.md",
            problems: ['tools: "WebSearch" is no tool here; left out'],
          },
          {
            ...base,
            name: "writer",
            description: "Writes docs",
            model: "openai:gpt-5",
            scope: "user",
            file: "/h/.claude/agents/writer.md",
          },
        ],
        shadowed: [
          {
            agent: {
              ...base,
              name: "reviewer",
              description: "",
              scope: "user",
              file: "/h/.claude/agents/reviewer.md",
            },
            by: "/p/.claude/agents/reviewer.md",
          },
        ],
        invalid: [
          {
            scope: "project",
            dir: "",
            file: "/p/.claude/agents/bad.md",
            reason: "frontmatter has no description",
          },
        ],
      },
      "/p",
      "/h",
    );
    expect(text.split("\n")).toEqual([
      "reviewer  project · .claude/agents/reviewer.md  tools: read_file, grep  model: the session's",
      "  Reviews diffs",
      '  ! tools: "WebSearch" is no tool here; left out',
      "writer  user · ~/.claude/agents/writer.md  tools: all tools  model: openai:gpt-5",
      "  Writes docs",
      "reviewer  [shadowed] ~/.claude/agents/reviewer.md by .claude/agents/reviewer.md",
      "[invalid] .claude/agents/bad.md: frontmatter has no description",
    ]);
  });

  it("says where to put agents when there are none", () => {
    expect(agentsText({ agents: [], shadowed: [], invalid: [] }, "/p")).toBe(NO_AGENTS);
  });
});
