// Subagents from agent files (§23) through `codeagent -p`: a Claude Code `.claude/agents/NAME.md` copied as it
// is, run by `task {subagent_type}` with its own prompt, only its tools and its model; its tools narrow what a
// subagent may call but the session's permissions still decide each call.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Script } from "../fixtures/model-server.js";
import { agentSandbox, type AgentSandbox } from "./agent-helpers.js";

let current: AgentSandbox | undefined;
afterEach(async () => {
  await current?.model.close();
  current = undefined;
});

async function setup(script: Script, agents: Record<string, string>) {
  current = await agentSandbox(script, "probe");
  const dir = join(current.sb.project, ".claude", "agents");
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(agents)) writeFileSync(join(dir, file), text);
  return current;
}

const REVIEWER =
  "---\nname: reviewer\ndescription: Reviews code after edits: finds bugs\ntools: Read, Grep, Glob\nmodel: sonnet\n" +
  "color: red\n---\n\nYou are a strict code reviewer. Report bugs with file and line.\n";

describe("subagents from .claude/agents", () => {
  it("task runs the named agent with its prompt and only its tools; the list reaches the model", async () => {
    const t = await setup(
      (_req, i) => {
        if (i === 0)
          return {
            toolCalls: [
              {
                name: "task",
                args: { description: "review", prompt: "Review notes.txt", subagent_type: "reviewer" },
              },
            ],
          };
        if (i === 1) return { toolCalls: [{ name: "read_file", args: { path: "notes.txt" } }] };
        if (i === 2) return { text: "notes.txt:1 has a typo" };
        return { text: "The reviewer found a typo." };
      },
      { "reviewer.md": REVIEWER },
    );
    writeFileSync(join(t.sb.project, "notes.txt"), "helo\n");
    const r = await t.run("review my notes", ["--output-format", "json"]);
    expect([r.code, r.json().result]).toEqual([0, "The reviewer found a typo."]);
    const parent = t.model.requests[0]!.body;
    const task = (
      parent.tools as {
        function: {
          name: string;
          description: string;
          parameters: { properties: Record<string, { description: string }> };
        };
      }[]
    ).find((x) => x.function.name === "task")!;
    expect(task.function.description).toContain("\n- reviewer: Reviews code after edits: finds bugs");
    expect(task.function.parameters.properties.subagent_type?.description).toBe(
      "The agent to run the task: reviewer; omit it for a general-purpose sub-agent",
    );
    const sub = t.model.view(1);
    expect(sub.system).toMatch(
      /^You are a strict code reviewer\. Report bugs with file and line\.\n\nProject directory: /,
    );
    expect([...sub.tools].sort()).toEqual(["glob", "grep", "list_directory", "read_file"]);
    expect(t.model.view(2).toolResults).toEqual([{ id: "call_1", text: "1\thelo", isError: false }]);
    expect(t.model.view(3).toolResults).toEqual([
      { id: "call_1", text: "notes.txt:1 has a typo", isError: false },
    ]);
    // The main agent keeps its own prompt.
    expect(t.model.view(0).system).toMatch(/^You are codeagent, a coding agent/);
  });

  it("an agent's model runs it; its Write still passes the session's permissions", async () => {
    const t = await setup(
      (_req, i) => {
        if (i === 0)
          return {
            toolCalls: [
              { name: "task", args: { description: "x", prompt: "make a file", subagent_type: "maker" } },
            ],
          };
        if (i === 1) return { toolCalls: [{ name: "write_file", args: { path: "made.txt", content: "x" } }] };
        if (i === 2) return { text: "could not" };
        return { text: "done" };
      },
      {
        "maker.md":
          "---\ndescription: Makes files\ntools:\n  - Write\nmodel: openai-compatible:other-model\n---\nYou make files.\n",
      },
    );
    await t.run("go", ["--output-format", "json"]);
    expect([t.model.requests[0]!.body.model, t.model.requests[1]!.body.model]).toEqual([
      "scripted",
      "other-model",
    ]);
    expect(t.model.view(1).tools).toEqual(["write_file"]);
    const denied = t.model.view(2).toolResults;
    expect(denied).toHaveLength(1);
    expect(denied[0]!.text).toMatch(/^permission denied: /);
    expect(existsSync(join(t.sb.project, "made.txt"))).toBe(false);
  });

  it("an unknown subagent_type is a tool error naming the agents; a bad file is reported", async () => {
    const t = await setup(
      (_req, i) =>
        i === 0
          ? {
              toolCalls: [{ name: "task", args: { description: "x", prompt: "p", subagent_type: "writer" } }],
            }
          : { text: "ok" },
      { "reviewer.md": REVIEWER, "broken.md": "---\nname: broken\n---\nno description\n" },
    );
    const r = await t.run("go");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `agents: ${join(t.sb.project, ".claude", "agents", "broken.md")} skipped: frontmatter has no description: the model chooses an agent by it`,
    );
    expect(t.model.view(1).toolResults).toEqual([
      // Chat completions carry no error flag; the text says what to use.
      {
        id: "call_1",
        text: 'task: no agent "writer"; subagent_type is one of reviewer, or omit it',
        isError: false,
      },
    ]);
  });
});
