/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// A new user's first headless turns with many servers (§15): the official everything, filesystem and
// memory servers plus eleven fixture servers and a user's HTTP tool (one of 118 tools, GitLab's size), about 400 tools in all,
// against a scripted OpenAI-style chat-completions endpoint that enforces the real limits (128 tools,
// names, 1024-character descriptions, object schemas). The scripted model acts as models do: it first
// guesses a tool by the server's own name, then searches with keywords and calls what it found by its
// registered name; the calls run on the real servers.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, ROOT, sandbox, type Sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const official = (pkg: string, args: string[], env: Record<string, string> = {}) => ({
  command: process.execPath,
  args: [join(ROOT, "node_modules/@modelcontextprotocol", pkg, "dist/index.js"), ...args],
  env,
});

function setup(): { sb: Sandbox; config: string } {
  const sb = sandbox();
  writeFileSync(join(sb.project, "notes.txt"), "release on friday\n");
  // A user's HTTP tool with a long description, as people write them: OpenAI refuses one over 1024 characters.
  sb.writeJson(join(sb.env.CODEAGENT_HOME!, "tools", "deploy.json"), {
    name: "deploy",
    description: `Deploy the current branch to staging. ${"Explains every step of the rollout. ".repeat(50)}`,
    parameters: { type: "object", properties: { branch: { type: "string" } } },
    executor: { type: "http", method: "POST", url: "http://127.0.0.1:9/deploy" },
  });
  const themes = ["cloud", "crm", "data"];
  const mcpServers: Record<string, unknown> = {
    everything: official("server-everything", ["stdio"]),
    filesystem: official("server-filesystem", [sb.project]),
    memory: official("server-memory", [], { MEMORY_FILE_PATH: join(sb.dir, "memory.jsonl") }),
    gitlab: nodeServer("many-tools.mjs", {
      TOOLS_THEME: "tracker",
      TOOLS_COUNT: "118",
      TOOLS_SERVER: "gitlab",
    }),
  };
  for (let i = 1; i <= 10; i++)
    mcpServers[`svc${i}`] = nodeServer("many-tools.mjs", {
      TOOLS_THEME: themes[i % 3]!,
      TOOLS_COUNT: "28",
      TOOLS_SERVER: `svc${i}`,
    });
  return { sb, config: sb.writeJson("mcp.json", { mcpServers }) };
}

async function run(
  sb: Sandbox,
  config: string,
  script: Script,
  o: { anthropic?: boolean; env?: Record<string, string> } = {},
) {
  model = await startModelServer(script, { maxTools: 128 });
  const provider = o.anthropic === true ? "anthropic:claude-3-5-haiku-20241022" : "openai-compatible:trial";
  return runCli(
    sb,
    [
      "-p",
      "open a merge request for fix-login, then tell me what notes.txt says",
      "--model",
      provider,
      "--base-url",
      o.anthropic === true ? model.url : `${model.url}/v1`,
      "--mcp-config",
      config,
      "--yes",
      "--output-format",
      "json",
    ],
    { env: { ANTHROPIC_API_KEY: "k", ...o.env }, timeoutMs: 120_000 },
  );
}

const lastToolText = (req: any): string => {
  const m = [...(req.body.messages ?? [])].reverse().find((x: any) => x.role === "tool");
  return typeof m?.content === "string" ? m.content : (m?.content ?? []).map((p: any) => p.text).join("");
};

/** Guesses a name, follows the hint, searches by keywords, calls the hit, answers. */
const newUserModel = (notes: string): Script => {
  let hinted: string | undefined;
  return (req, i) => {
    if (i === 0)
      return { toolCalls: [{ id: "g1", name: "create_merge_request", args: { workspace: "group/app" } }] };
    if (i === 1) {
      hinted = /similar name: ([\w-]+)/.exec(lastToolText(req))?.[1];
      return {
        toolCalls: [
          { id: "c1", name: hinted ?? "none", args: { workspace: "group/app", title: "Fix login" } },
        ],
      };
    }
    if (i === 2)
      return { toolCalls: [{ id: "s1", name: "search_tools", args: { query: "read text file" } }] };
    if (i === 3) {
      const found = [...lastToolText(req).matchAll(/^(\S+) \(server /gm)].map((m) => m[1]!);
      const pick = found.find((n) => n === "mcp__filesystem__read_text_file") ?? found[0] ?? "none";
      return { toolCalls: [{ id: "r1", name: pick, args: { path: notes } }] };
    }
    return { text: `notes: ${lastToolText(req).trim()}` };
  };
};

describe("a new user's headless turns with about 400 tools of 14 servers", () => {
  it("never breaks the endpoint's limits; a guessed name gets the registered one; search finds and runs tools", async () => {
    const { sb, config } = setup();
    const notes = join(sb.project, "notes.txt");
    const r = await run(sb, config, newUserModel(notes));
    expect(r.code, r.stderr).toBe(0);
    const doc = r.json();
    expect(doc.tool_calls.map((c: any) => [c.name, c.is_error ?? false])).toEqual([
      ["create_merge_request", true],
      ["mcp__gitlab__create_merge_request", false],
      ["search_tools", false],
      ["mcp__filesystem__read_text_file", false],
    ]);
    expect(doc.result).toBe("notes: release on friday");
    // Every request was answered (none refused with HTTP 400) and carried at most 128 tools.
    expect(model!.requests).toHaveLength(5);
    for (const req of model!.requests) expect(req.body.tools.length).toBeLessThanOrEqual(128);
    const deploy = model!.requests[0]!.body.tools.find((t: any) => t.function.name === "ext_deploy");
    expect(deploy.function.description).toHaveLength(1024);
    expect(deploy.function.description).toMatch(/^Deploy the current branch to staging\. .*…$/);
    // The guess came back as a tool error naming the registered tool, and where to search for others.
    expect(model!.view(1).toolResults[0]!.text).toMatch(
      /^there is no tool named "create_merge_request"; registered tools with a similar name: mcp__gitlab__create_merge_request, .*Call one by that exact name, or call search_tools with what you need to find a tool$/,
    );
    expect(model!.view(2).toolResults[1]!.text).toBe(
      'gitlab.create_merge_request {"workspace":"group/app","title":"Fix login"}',
    );
  });

  it("sends at most a quarter of the full definitions in the first request", async () => {
    const { sb, config } = setup();
    const first = await run(sb, config, [{ text: "ok" }]);
    expect(first.code, first.stderr).toBe(0);
    const deferred = first.json().usage.tool_definition_tokens as number;
    const sentTools = model!.requests[0]!.body.tools.length as number;
    await model!.close();
    // All of them at once, where the provider takes that many (Anthropic's API, toolSearch never).
    const all = await run(sb, config, [{ text: "ok" }], {
      anthropic: true,
      env: { CODEAGENT_TOOL_SEARCH: "never" },
    });
    expect(all.code, all.stderr).toBe(0);
    const full = all.json().usage.tool_definition_tokens as number;
    expect(model!.requests[0]!.body.tools.length).toBeGreaterThan(400);
    expect(sentTools).toBeLessThan(30);
    expect(deferred).toBeLessThan(full / 4);
  });
});
