import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentDirs, scanSubagents } from "./scan.js";

function setup() {
  const root = mkdtempSync(join(tmpdir(), "agents-scan-"));
  const project = join(root, "project");
  const env = { HOME: join(root, "home"), CODEAGENT_HOME: join(root, "home", ".codeagent") };
  const write = (dir: string, file: string, text: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, file), text);
    return join(dir, file);
  };
  return { project, env, write, dirs: agentDirs(project, env) };
}

const agent = (name: string, description: string, body = "Prompt.") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`;

describe("scanSubagents", () => {
  it("project beats user and .codeagent beats .claude; the losers are shadowed, bad files reported", () => {
    const { project, env, write, dirs } = setup();
    const userClaude = write(join(env.HOME, ".claude", "agents"), "reviewer.md", agent("reviewer", "mine"));
    write(join(env.CODEAGENT_HOME, "agents"), "helper.md", agent("helper", "user helper"));
    const projClaude = write(join(project, ".claude", "agents"), "reviewer.md", agent("reviewer", "team's"));
    const own = write(join(project, ".codeagent", "agents"), "tester.md", agent("tester", "runs tests"));
    const dupe = write(join(project, ".claude", "agents"), "tester2.md", agent("tester", "other"));
    const bad = write(join(project, ".claude", "agents"), "broken.md", "no frontmatter here\n");
    write(join(project, ".claude", "agents"), "notes.txt", "not an agent");
    const scan = scanSubagents(dirs);
    expect(scan.agents.map((a) => [a.name, a.description, a.scope, a.file])).toEqual([
      ["tester", "runs tests", "project", own],
      ["reviewer", "team's", "project", projClaude],
      ["helper", "user helper", "user", join(env.CODEAGENT_HOME, "agents", "helper.md")],
    ]);
    expect(scan.shadowed.map((s) => [s.agent.file, s.by])).toEqual([
      [dupe, own],
      [userClaude, projClaude],
    ]);
    expect(scan.invalid).toEqual([
      {
        scope: "project",
        dir: join(project, ".claude", "agents"),
        file: bad,
        reason: 'no frontmatter: the file must begin with a "---" line',
      },
    ]);
  });

  it("reads a Claude Code file as written, leniently where its YAML is loose", () => {
    const { project, write, dirs } = setup();
    write(
      join(project, ".claude", "agents"),
      "code-reviewer.md",
      "---\nname: code-reviewer\ndescription: Use after edits: reviews the diff\ntools: Read, Grep, Glob\n" +
        "model: sonnet\ncolor: blue\n---\n\nYou are a senior reviewer.\n",
    );
    const [a] = scanSubagents(dirs).agents;
    expect(a).toMatchObject({
      name: "code-reviewer",
      description: "Use after edits: reviews the diff",
      tools: ["read_file", "list_directory", "glob", "grep"],
      prompt: "You are a senior reviewer.",
      problems: [
        'frontmatter read leniently: quote values holding ": " or starting with "["',
        "model: \"sonnet\" is Claude Code's alias; the session's model runs this agent (write provider:model to choose one)",
      ],
    });
  });

  it("no folders, no agents", () => {
    expect(scanSubagents(setup().dirs)).toEqual({ agents: [], shadowed: [], invalid: [] });
  });
});
