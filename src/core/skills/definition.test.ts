import { describe, expect, it } from "vitest";
import { allowedTools, readDefinition } from "./definition.js";

describe("readDefinition", () => {
  it.each([
    [
      "a skill",
      "skill",
      { name: "pdf", description: "Fill forms", "allowed-tools": "Read, Bash(python:*)" },
      {
        ok: true,
        fields: {
          name: "pdf",
          description: "Fill forms",
          allowedTools: ["Read", "Bash(python:*)"],
          modelInvocable: true,
        },
      },
    ],
    ["a skill without name", "skill", { description: "x" }, { ok: false, reason: "frontmatter has no name" }],
    [
      "a skill without description",
      "skill",
      { name: "pdf" },
      { ok: false, reason: "frontmatter has no description" },
    ],
    [
      "an uppercase skill name",
      "skill",
      { name: "PDF", description: "x" },
      { ok: false, reason: 'name "PDF" must be 1-64 lowercase letters, digits and single hyphens' },
    ],
    [
      "a user-only skill",
      "skill",
      { name: "deploy", description: "x", "disable-model-invocation": true },
      { ok: true, fields: { name: "deploy", description: "x", allowedTools: [], modelInvocable: false } },
    ],
    [
      "a command: name from the file, description from the body",
      "command",
      { "argument-hint": ["message"], model: "anthropic:claude-haiku-4-5" },
      {
        ok: true,
        fields: {
          name: "frontend:commit",
          description: "Commit the staged changes",
          argumentHint: "[message]",
          allowedTools: [],
          model: "anthropic:claude-haiku-4-5",
          modelInvocable: false,
        },
      },
    ],
    [
      "allowed-tools of the wrong type",
      "command",
      { "allowed-tools": 3 },
      { ok: false, reason: "allowed-tools must be a string or a list of strings" },
    ],
  ] as const)("%s", (_, kind, fm, want) => {
    const name = kind === "command" ? "frontend:commit" : "pdf";
    expect(readDefinition(kind, fm, "# Commit the staged changes\n\nRun git.", name)).toEqual(want);
  });

  it("a command file named mcp__… would pass for a server's skill: refused", () => {
    expect(readDefinition("command", {}, "x", "mcp__srv__x").ok).toBe(false);
  });
});

describe("allowedTools", () => {
  it.each([
    ["Read Grep Glob", ["Read", "Grep", "Glob"]],
    ["Bash(git add:*), Bash(git status:*)", ["Bash(git add:*)", "Bash(git status:*)"]],
    ["Bash(npm run test -- --watch=false)", ["Bash(npm run test -- --watch=false)"]],
  ])("%s", (raw, want) => {
    expect(allowedTools(raw)).toEqual({ ok: true, value: want });
  });
});
