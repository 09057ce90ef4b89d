// The built-in tools of §10 through the real provider path: a scripted model calls each tool in a headless
// `codeagent -p` run (with --yes, or with the gate refusing), and the test checks what reached the model and
// the disk.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isAlive } from "../../src/core/mcp/stdio/process-tree.js";
import { runCli } from "../helpers/cli.js";
import { agentSandbox, waitFor, type AgentSandbox } from "./agent-helpers.js";

let current: AgentSandbox | undefined;
let web: Server | undefined;
async function setup(...a: Parameters<typeof agentSandbox>) {
  current = await agentSandbox(...a);
  return current;
}
afterEach(async () => {
  await current?.model.close();
  current = undefined;
  if (web !== undefined) await new Promise((r) => web!.close(r));
  web = undefined;
});

async function startWeb(routes: Record<string, (res: ServerResponse) => void>) {
  web = createServer((req, res) => {
    const route = routes[req.url ?? ""];
    if (route === undefined) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not here");
    } else route(res);
  });
  await new Promise<void>((r) => web!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
}

describe("built-in tools through codeagent -p", () => {
  it("multi_edit applies every edit, or none with the failing edit named", async () => {
    const t = await setup(
      [
        {
          toolCalls: [
            {
              name: "multi_edit",
              args: {
                path: "a.ts",
                edits: [
                  { old_string: "one", new_string: "1" },
                  { old_string: "two", new_string: "2" },
                ],
              },
            },
          ],
        },
        {
          toolCalls: [
            {
              name: "multi_edit",
              args: {
                path: "a.ts",
                edits: [
                  { old_string: "1", new_string: "uno" },
                  { old_string: "zzz", new_string: "x" },
                ],
              },
            },
          ],
        },
        { text: "done" },
      ],
      "probe",
    );
    writeFileSync(join(t.sb.project, "a.ts"), "one two three\n");
    const r = await t.run("edit", ["--yes"]);
    expect([r.code, r.stdout]).toEqual([0, "done\n"]);
    expect(t.model.view(1).toolResults).toEqual([
      { id: "call_1", text: "Edited a.ts: applied 2 edits (2 replacements).", isError: false },
    ]);
    expect(t.model.view(2).toolResults[1]?.text).toMatch(
      /^Edit 2 of 2 failed, so no edit was made: old_string was not found in a\.ts\./,
    );
    expect(readFileSync(join(t.sb.project, "a.ts"), "utf8")).toBe("1 2 three\n");
  });

  it("multi_edit is refused without --yes and leaves the file alone", async () => {
    const t = await setup(
      [
        {
          toolCalls: [
            { name: "multi_edit", args: { path: "a.ts", edits: [{ old_string: "a", new_string: "b" }] } },
          ],
        },
        { text: "refused" },
      ],
      "probe",
    );
    writeFileSync(join(t.sb.project, "a.ts"), "a\n");
    const r = await t.run("edit", ["--output-format", "json"]);
    expect(r.json().tool_calls[0]).toMatchObject({ name: "multi_edit", denied: true });
    expect(readFileSync(join(t.sb.project, "a.ts"), "utf8")).toBe("a\n");
  });

  it("runs bash in the background, reads it with bash_output, ends its process group with kill_bash", async () => {
    const t = await setup(
      [
        {
          toolCalls: [
            {
              name: "bash",
              args: { command: "sleep 60 & echo $! > child.pid; wait", run_in_background: true },
            },
          ],
        },
        { toolCalls: [{ name: "bash_output", args: { id: "bash_1" } }] },
        { toolCalls: [{ name: "kill_bash", args: { id: "bash_1" } }] },
        { toolCalls: [{ name: "bash_output", args: { id: "bash_9" } }] },
        { text: "stopped" },
      ],
      "probe",
    );
    // Only bash is allowed: stopping the job it started needs no approval of its own (there is no one to ask).
    // Unsandboxed: the pid the job writes must be the host's (a sandbox's pid namespace ends its children itself,
    // see bash-sandbox.test.ts).
    const r = await t.run("serve", ["--allow", "bash", "--no-sandbox"]);
    expect([r.code, r.stdout]).toEqual([0, "stopped\n"]);
    const results = t.model.view(4).toolResults.map((x) => x.text);
    expect(results[0]).toMatch(/^Started in the background as bash_1\./);
    expect(results[1]).toMatch(/^\[bash_1: running\]/);
    expect(results[2]).toMatch(/^Killed bash_1\.\n\[bash_1: killed/);
    expect(results[3]).toBe('There is no background job "bash_9"; the jobs of this session: bash_1.');
    const pid = Number(readFileSync(join(t.sb.project, "child.pid"), "utf8"));
    expect(isAlive(pid)).toBe(false);
  });

  it("ends background jobs when the session ends", async () => {
    const t = await setup(
      [
        {
          toolCalls: [
            {
              name: "bash",
              args: { command: "sleep 60 & echo $! > child.pid; wait", run_in_background: true },
            },
          ],
        },
        { text: "left it running" },
      ],
      "probe",
    );
    const r = await t.run("serve", ["--yes", "--no-sandbox"]);
    expect(r.code).toBe(0);
    const pid = Number(readFileSync(join(t.sb.project, "child.pid"), "utf8"));
    await waitFor(() => !isAlive(pid), 3000);
  });

  it("todo_write replaces the whole list; a bad status is an error naming the entry", async () => {
    const t = await setup(
      [
        {
          toolCalls: [
            {
              name: "todo_write",
              args: {
                todos: [
                  { content: "read", status: "completed" },
                  { content: "fix", status: "in_progress" },
                ],
              },
            },
            { name: "todo_write", args: { todos: [{ content: "x", status: "done" }] } },
          ],
        },
        { text: "ok" },
      ],
      "probe",
    );
    const r = await t.run("plan");
    expect(r.code).toBe(0);
    expect(t.model.view(1).toolResults.map((x) => x.text)).toEqual([
      "Task list:\n[x] read\n[~] fix",
      'todo_write: todo 1 has status "done"; use pending, in_progress, completed',
    ]);
  });

  it("web_fetch asks (refused headless), and with --yes returns the page as markdown", async () => {
    const base = await startWeb({
      "/page": (res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(
          "<html><head><script>alert(1)</script></head><body><h1>Title</h1><p>Some <b>bold</b>.</p></body></html>",
        );
      },
      "/moved": (res) => {
        res.writeHead(302, { location: "/page" });
        res.end();
      },
      "/to-file": (res) => {
        res.writeHead(302, { location: "file:///etc/passwd" });
        res.end();
      },
    });
    const script = [
      {
        toolCalls: [
          { name: "web_fetch", args: { url: `${base}/moved`, prompt: "the title" } },
          { name: "web_fetch", args: { url: `${base}/to-file` } },
          { name: "web_fetch", args: { url: "file:///etc/passwd" } },
        ],
      },
      { text: "fetched" },
    ];
    const refused = await setup(script, "probe");
    const r1 = await refused.run("fetch", ["--output-format", "json"]);
    expect(r1.json().tool_calls.map((c: { denied: boolean }) => c.denied)).toEqual([true, true, true]);
    await refused.model.close();

    const t = await setup(script, "probe");
    const r = await t.run("fetch", ["--yes"]);
    expect(r.code).toBe(0);
    const texts = t.model.view(1).toolResults.map((x) => x.text);
    expect(texts[0]).toBe(
      `URL: ${base}/page (redirected from ${base}/moved)\nStatus: 200 OK\nContent-Type: text/html; charset=utf-8\n` +
        "Looking for: the title\n\n# Title\n\nSome **bold**.",
    );
    expect(texts[1]).toBe(
      `web_fetch: ${base}/to-file redirects to file:///etc/passwd, refused: only http:// and https:// URLs can be fetched, not file:.`,
    );
    expect(texts[2]).toBe("web_fetch: only http:// and https:// URLs can be fetched, not file:.");
  });

  it("task runs a sub-agent with its own messages and no task tool; its answer is the result", async () => {
    const t = await setup((req, i) => {
      if (i === 0)
        return {
          toolCalls: [{ name: "task", args: { description: "find notes", prompt: "What is in notes.txt?" } }],
        };
      if (i === 1) return { toolCalls: [{ name: "read_file", args: { path: "notes.txt" } }] };
      if (i === 2) return { text: "notes.txt says: hello sub" };
      return { text: "The sub-agent found it." };
    }, "probe");
    writeFileSync(join(t.sb.project, "notes.txt"), "hello sub\n");
    const r = await t.run("delegate", ["--output-format", "json"]);
    expect([r.code, r.json().result]).toEqual([0, "The sub-agent found it."]);
    // Four model requests (two of them the sub-agent's), 10 in and 5 out each, all counted into the turn.
    expect(r.json().usage).toMatchObject({ input_tokens: 40, output_tokens: 20 });
    // Their tool definitions too (§15.5): a turn of one request carries the parent's definitions once; this
    // turn, two parent requests plus two of the sub-agent (all tools but task) carry more than twice that.
    const one = await setup([{ text: "ok" }], "probe");
    const single = (await one.run("hi", ["--output-format", "json"])).json().usage
      .tool_definition_tokens as number;
    expect(single).toBeGreaterThan(0);
    expect(r.json().usage.tool_definition_tokens).toBeGreaterThan(2 * single);
    const sub = t.model.view(1);
    expect(sub.tools).not.toContain("task");
    expect(t.model.view(0).tools).toContain("task");
    expect(sub.user).toHaveLength(1);
    expect(sub.user[0]).toMatch(
      /^You are a sub-agent working on one task \("find notes"\)[\s\S]*What is in notes\.txt\?$/,
    );
    expect(t.model.view(2).toolResults).toEqual([{ id: "call_1", text: "1\thello sub", isError: false }]);
    expect(t.model.view(3).user).toEqual(["delegate"]);
    expect(t.model.view(3).toolResults).toEqual([
      { id: "call_1", text: "notes.txt says: hello sub", isError: false },
    ]);
  });

  it("ask_user headless is a tool error saying no one can answer", async () => {
    const t = await setup(
      [
        { toolCalls: [{ name: "ask_user", args: { question: "Which?", options: ["a", "b"] } }] },
        { text: "assumed a" },
      ],
      "probe",
    );
    const r = await t.run("ask");
    expect([r.code, r.stdout]).toEqual([0, "assumed a\n"]);
    expect(t.model.view(1).toolResults[0]?.text).toMatch(
      /^ask_user: no one can answer: this is a headless run/,
    );
  });

  it("notebook_edit replaces a cell by id and keeps the notebook valid", async () => {
    const nb = {
      cells: [
        {
          cell_type: "code",
          id: "c1",
          metadata: {},
          source: ["print(1)"],
          outputs: [{ output_type: "stream" }],
          execution_count: 3,
        },
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    };
    const t = await setup(
      [
        {
          toolCalls: [
            {
              name: "notebook_edit",
              args: { path: "n.ipynb", cell_id: "c1", new_source: "print(2)\nprint(3)" },
            },
          ],
        },
        { text: "edited" },
      ],
      "probe",
    );
    writeFileSync(join(t.sb.project, "n.ipynb"), JSON.stringify(nb, null, 1));
    const r = await t.run("edit nb", ["--yes"]);
    expect(r.code).toBe(0);
    expect(t.model.view(1).toolResults[0]?.text).toBe("n.ipynb: replaced the source of cell 0 (id c1).");
    expect(JSON.parse(readFileSync(join(t.sb.project, "n.ipynb"), "utf8")).cells).toEqual([
      {
        cell_type: "code",
        id: "c1",
        metadata: {},
        source: ["print(2)\n", "print(3)"],
        execution_count: null,
        outputs: [],
      },
    ]);
  });

  it("--permission-mode plan refuses tools with side effects even with --yes; exit_plan_mode needs a person", async () => {
    const t = await setup(
      [
        {
          toolCalls: [
            { name: "write_file", args: { path: "x.txt", content: "x" } },
            { name: "read_file", args: { path: "notes.txt" } },
          ],
        },
        { toolCalls: [{ name: "exit_plan_mode", args: { plan: "1. write x.txt" }, id: "call_3" }] },
        { text: "Plan: write x.txt" },
      ],
      "probe",
    );
    writeFileSync(join(t.sb.project, "notes.txt"), "n\n");
    const r = await t.run("do it", ["--yes", "--permission-mode", "plan", "--output-format", "json"]);
    // Plan mode's refusals are what was asked for, not a want of permission: no exit 3, no denial listed.
    expect([r.code, r.json().permission_denials]).toEqual([0, []]);
    expect(r.json().tool_calls.map((c: { denied: boolean }) => c.denied)).toEqual([true, false, false]);
    expect(t.model.view(1).toolResults[0]?.text).toMatch(
      /^permission denied: plan mode is on: only read-only tools run/,
    );
    expect(t.model.view(2).toolResults.at(-1)?.text).toMatch(
      /^exit_plan_mode: no one can approve the plan in a headless run/,
    );
    expect(existsSync(join(t.sb.project, "x.txt"))).toBe(false);
  });

  it("rejects an unknown --permission-mode with exit 2", async () => {
    const t = await setup([{ text: "never" }], "probe");
    const r = await t.run("x", ["--permission-mode", "yolo"]);
    expect([r.code, r.stderr.trim()]).toEqual([
      2,
      expect.stringContaining('--permission-mode must be one of default, plan, got "yolo"'),
    ]);
  });

  it("calls the new tools over the Anthropic Messages format too", async () => {
    const t = await setup(
      [
        { toolCalls: [{ name: "todo_write", args: { todos: [{ content: "a", status: "pending" }] } }] },
        { text: "listed" },
      ],
      "probe",
    );
    const r = await runCli(
      t.sb,
      ["-p", "todo", "--model", "anthropic:claude-test", "--mcp-config", t.config],
      {
        env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: t.model.url },
      },
    );
    expect([r.code, r.stdout]).toEqual([0, "listed\n"]);
    expect(t.model.view(1).toolResults).toEqual([
      { id: "toolu_1", text: "Task list:\n[ ] a", isError: false },
    ]);
  });
});
